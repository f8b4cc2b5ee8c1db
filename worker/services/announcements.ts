/**
 * What a committed change has to tell the world: the e-mails and pushes it queued in its batch,
 * and its live messages. Plain data, so that every room can return it without importing the
 * rooms that deliver it; worker/services/after-commit/announce.ts tells it once the batch has
 * committed.
 */
import type { LocationMessages } from "#worker/live/channel";

/** What a committed change has to tell: outbox rows to deliver, and messages for live pages. */
export interface Announcements {
  emailIds: string[];
  live: LocationMessages[];
  /** Notifications queued in the push outbox (their message ids). */
  pushIds?: string[];
}

export const NOTHING_TO_ANNOUNCE: Announcements = { emailIds: [], live: [] };

/** What several committed changes have to tell, in the order they were made. */
export function allAnnouncements(...news: Announcements[]): Announcements {
  return {
    emailIds: news.flatMap((n) => n.emailIds),
    live: news.flatMap((n) => n.live),
    pushIds: news.flatMap((n) => n.pushIds ?? []),
  };
}
