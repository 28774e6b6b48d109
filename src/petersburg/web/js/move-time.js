// A turn-based table's time per move as people say it ("12 hours", "1 day", "3 days"), for the
// lobby's list and the table's invitation.
import { t } from "./i18n.js";

/** @param {number} seconds */
export const moveTime = (seconds) => (seconds % 86400 === 0 ? t("page.common.days", { count: seconds / 86400 }) : t("page.common.hours", { count: Math.round(seconds / 3600) }));
