import type { EventBus } from "~/server/events.server";
import type { JobQueue } from "~/server/jobs.server";
import { AppError } from "~/server/app-error";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";

export interface Viewer {
  id: string;
  role: string;
}

/** Moderation does not exist for other users: they get "not found", not "forbidden". */
export function requireModerator(viewer: Viewer | null | undefined): Viewer {
  if (!viewer || viewer.role !== "moderator") throw new AppError("not_found", "Page introuvable.");
  return viewer;
}

/** What a decision needs to tell the people concerned (e-mail, live update). */
export interface Notifier {
  mailer: Mailer;
  events: EventBus;
  logger: Logger;
  publicUrl: string;
  /** Schedules saved-search alerts when a listing goes live (absent: notices wait, see recordSearchMatches). */
  jobs?: JobQueue;
}

/** Shown in place of an account that no longer exists. */
export const DELETED_USER = "Utilisateur supprimé";
