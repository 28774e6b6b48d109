// The analysis of a finished game as the server sends it (petersburg.analysis.game's JSON,
// ``GET /api/tables/<id>/analysis``).
export interface JudgedDecision {
  step: number;
  seat: number;
  round: number;
  phase: string;
  played: number;
  played_text: string;
  best: number;
  best_text: string;
  best_place: string | null;
  before: number;
  after: number;
  drop: number;
  loss: number;
  mark: "inaccuracy" | "mistake" | "blunder" | null;
}
export interface CurvePoint { step: number; round: number; phase: string; chances: number[] }
export interface TurningPoint { step: number; end: number; player: number; before: number; after: number; text: string }
export interface SeatSummary { seat: number; name: string; decisions: number; average_loss: number; inaccuracies: number; mistakes: number; blunders: number }
export interface GameAnalysis {
  format: string;
  version: number;
  players: number;
  names: string[];
  solo: boolean;
  thresholds: { [mark: string]: number };
  decisions: JudgedDecision[];
  curve: CurvePoint[];
  turning_points: TurningPoint[];
  summary: SeatSummary[];
}
