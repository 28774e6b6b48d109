// The account pages' dates and times in the reader's language ("26 Nov 2026, 14:05"); the
// pseudo-language writes them in digits, so that no English month's name shows unwrapped.
import { language } from "../i18n.js";

/** A moment, date and time of day. @param {number} epoch seconds */
export function dateTime(epoch) {
  const pseudo = language() === "qps";
  return new Date(epoch * 1000).toLocaleString(pseudo ? "en-GB" : language(), { dateStyle: pseudo ? "short" : "medium", timeStyle: "short" });
}
