import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { buttonClasses } from "~/ui/button";

/** A photo as the server stores it (the WebP variants of an upload). */
export interface ManagedPhoto {
  id: string;
  src: string;
  srcSet: string;
  /** Added to a published listing: buyers see it once a moderator approved it (decision 0053). */
  pending?: boolean;
}

export type ItemStatus = "queued" | "uploading" | "done" | "error";

export interface Item {
  key: string;
  /** The chosen file's name (empty for photos stored before this page was opened). */
  name: string;
  status: ItemStatus;
  /** 0–100 while uploading. */
  progress: number;
  /** Object URL of the local file until the server's WebP replaces it. */
  preview: string | null;
  photo: ManagedPhoto | null;
  error: string | null;
  /** Whether 'Réessayer' can help: network failures and server errors (5xx, 408, 429), not a refused file. */
  retryable: boolean;
  removing: boolean;
}

export type MoveAction = "avancer" | "reculer" | "principale";

const smallButton =
  "inline-flex min-w-0 items-center justify-center rounded-lg px-1 py-1.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * One photo of the photo step: preview, file name and progress bar while it uploads, its
 * French error, and the buttons that move it by keyboard ('Avancer' toward the main photo,
 * 'Reculer', 'Définir comme principale'). The picture is the drag handle (mouse, or touch
 * after a short press so the page still scrolls); the buttons are the keyboard's way.
 */
export function PhotoTile({
  item,
  index,
  count,
  interactive,
  onMove,
  onRetry,
  onRemove,
  onPreviewBroken,
}: {
  item: Item;
  index: number;
  count: number;
  interactive: boolean;
  onMove: (action: MoveAction) => void;
  onRetry: () => void;
  onRemove: () => void;
  /** The browser could not draw the local preview (a file that is not an image after all). */
  onPreviewBroken: () => void;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: item.key,
    disabled: !interactive,
  });
  const number = index + 1;
  const label = `Photo ${number}${index === 0 ? " (principale)" : ""}`;
  const src = item.photo?.src ?? item.preview;
  return (
    <li
      ref={setNodeRef}
      data-photo-key={item.key}
      tabIndex={-1}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative flex flex-col overflow-hidden rounded-xl bg-white ring-1 focus:outline-2 focus:outline-brand-600 ${
        isDragging ? "z-10 shadow-lg ring-brand-600" : "ring-slate-200"
      }`}
      aria-label={label}
    >
      <div
        ref={setActivatorNodeRef}
        {...listeners}
        className={`relative aspect-[4/3] touch-manipulation select-none bg-slate-100 ${interactive ? "cursor-grab active:cursor-grabbing" : ""}`}
        data-drag-handle=""
        title="Glissez pour déplacer la photo"
      >
        {src ? (
          <img
            src={src}
            srcSet={item.photo?.srcSet}
            sizes="(max-width: 640px) 50vw, 240px"
            alt={label}
            draggable={false}
            className={`h-full w-full object-cover ${item.status === "done" ? "" : "opacity-70"}`}
            onError={item.photo ? undefined : onPreviewBroken}
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-1 p-2 text-center text-slate-500">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 fill-current">
              <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5zM8 13h8v1.5H8zm0 3h8v1.5H8z" />
            </svg>
          </div>
        )}
        <span aria-hidden="true" className="absolute left-2 top-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
          {index === 0 ? "Photo principale" : number}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2 sm:p-3">
        {item.name ? (
          <p className="truncate text-xs text-slate-600" title={item.name}>
            {item.name}
          </p>
        ) : null}
        {item.status === "queued" ? <p className="text-sm text-slate-600">En attente d'envoi…</p> : null}
        {item.status === "uploading" ? (
          <div>
            <progress
              className="h-2 w-full overflow-hidden rounded accent-brand-600"
              max={100}
              value={item.progress}
              aria-label={`Envoi de la photo ${number}${item.name ? ` (${item.name})` : ""}`}
            />
            <p className="text-sm text-slate-600">Envoi… {item.progress}&nbsp;%</p>
          </div>
        ) : null}
        {item.status === "done" && !item.error && item.name ? (
          <p className="text-sm text-emerald-700">Photo enregistrée</p>
        ) : null}
        {item.photo?.pending ? (
          <p
            className="text-sm font-medium text-amber-800"
            title="Les acheteurs la verront une fois validée par l'équipe de modération."
          >
            En attente de validation
          </p>
        ) : null}
        {item.error ? (
          <p role="alert" className="text-sm text-red-700">
            {item.error}
          </p>
        ) : null}
        <div className="mt-auto grid grid-cols-2 gap-1.5">
          <button
            type="button"
            data-move="avancer"
            className={smallButton}
            disabled={!interactive || index === 0}
            onClick={() => onMove("avancer")}
            aria-label={`Avancer la photo ${number}`}
          >
            Avancer
          </button>
          <button
            type="button"
            data-move="reculer"
            className={smallButton}
            disabled={!interactive || index === count - 1}
            onClick={() => onMove("reculer")}
            aria-label={`Reculer la photo ${number}`}
          >
            Reculer
          </button>
          {index > 0 ? (
            <button
              type="button"
              data-move="principale"
              className={`${smallButton} col-span-2`}
              disabled={!interactive}
              onClick={() => onMove("principale")}
              aria-label={`Définir comme principale la photo ${number}`}
            >
              Définir comme principale
            </button>
          ) : null}
          {item.status === "error" && item.retryable ? (
            <button type="button" className={buttonClasses("secondary", "col-span-2 px-3 py-1.5")} onClick={onRetry}>
              Réessayer
            </button>
          ) : null}
          <button
            type="button"
            className="col-span-2 inline-flex items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            onClick={onRemove}
            disabled={item.removing || !interactive}
            aria-label={`Retirer la photo ${number}`}
          >
            {item.removing ? "Retrait…" : "Retirer"}
          </button>
        </div>
      </div>
    </li>
  );
}
