// A turn-based table's time per move as people say it ("12 hours", "1 day", "3 days"), for the
// lobby's list and the table's invitation.

/** @param {number} seconds */
export const moveTime = (seconds) => (seconds % 86400 === 0 ? `${seconds / 86400} day${seconds === 86400 ? "" : "s"}` : `${Math.round(seconds / 3600)} hours`);
