// The table page's own types, built on the protocol's (../protocol.d.ts, generated): read by
// TypeScript only, from the modules' JSDoc; the browser never loads this file.
import type { LegalAction, UpdateMessage } from "../protocol.js";

/** An update of a started game: the view comes with each seat's figures, names and phases. */
export type GameUpdate = UpdateMessage & Required<Pick<UpdateMessage, "view" | "summary" | "names" | "phases">>;

/** The legal actions by what they concern: "upper:2", "hand:0", "stack:workers", "drawn", "pass"… (legal.js). */
export type ActionsByKey = Map<string, LegalAction[]>;

/** Sends a table request (act with the update's token and seq); an action id. */
export type Act = (actionId: number) => void;

/** The choice box's options: words above the choices, the close button's label. */
export interface ChoiceOptions {
  note?: string;
  closeLabel?: string;
  /** Open at the side of the screen, leaving the goods table in sight (a Market decision). */
  side?: boolean;
}

/** Opens the choice box for a card (null: a stack) and the actions on it. */
export type OpenChoice = (title: string, card: string | null, actions: LegalAction[], options?: ChoiceOptions) => void;

/** What the board and your panel do with a card: choose, drag, drop, leave the game. */
export interface CardHandlers {
  leave: () => void;
  openChoice: OpenChoice;
  makeDraggable: (node: HTMLElement, card: string, actions: LegalAction[]) => void;
  dropTarget: (node: HTMLElement, kinds: string[], title: string) => void;
}

/** What the action bar's buttons do. */
export interface BarHandlers {
  act: Act;
  undo: () => void;
  autopass: (on: boolean) => void;
  explain: (text: string) => void;
  showScores: () => void;
}
