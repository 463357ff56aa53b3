import { useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "~/ui/button";
import { useInteractive } from "~/ui/use-interactive";
import { MAX_PHOTOS, MAX_PHOTO_BYTES, PHOTO_ACCEPT, PHOTO_CLIENT_MESSAGES, droppedPhotosNote } from "./photo-rules";

/** A photo as the server stores it (the WebP variants of an upload). */
export interface ManagedPhoto {
  id: string;
  src: string;
  srcSet: string;
}

type ItemStatus = "queued" | "uploading" | "done" | "error";

interface Item {
  key: string;
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

type UploadAnswer = { photo: ManagedPhoto; photoCount: number } | { error: string };

function fromServer(photo: ManagedPhoto): Item {
  return { key: photo.id, name: "", status: "done", progress: 100, preview: null, photo, error: null, retryable: false, removing: false };
}

/** A failed upload is worth retrying only when the server or the network failed, not when the file was refused. */
export function isRetryableUploadStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Only images get a local preview: anything else would show a broken-image tile. */
function canPreview(file: File): boolean {
  return file.type.startsWith("image/");
}

/**
 * Step 7 and 'Modifier mon annonce': the listing's photos (at most 3). Chosen files get a
 * local preview at once, then upload one after the other (so the first chosen stays the
 * main photo) as raw bodies to `POST /api/listings/:id/photos`, with a progress bar from
 * the XMLHttpRequest upload events. A failed upload stays on screen with its French reason
 * (GUIDE §6.10): with 'Réessayer' when the network or the server failed, with 'Retirer'
 * only when the file itself was refused (not an image, too large…), since sending it again
 * would fail again. Uploads and removals are saved immediately.
 *
 * `onPhotosAdded` tells the surrounding form that the seller chose photos or that one was
 * stored, so it can drop an earlier 'Ajoutez au moins une photo.' error.
 *
 * Form fields (hidden): `photoCount` (photos stored) and `photosBusy` ("1" while uploading),
 * so the surrounding form can validate step 7 like the others.
 */
export function PhotoManager({
  listingId,
  initialPhotos,
  error,
  onPhotosAdded,
}: {
  listingId: string;
  initialPhotos: readonly ManagedPhoto[];
  error?: string;
  onPhotosAdded?: () => void;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [items, setItems] = useState<Item[]>(() => initialPhotos.map(fromServer));
  // Choosing or removing photos needs React (the page may be painted before it hydrates).
  const interactive = useInteractive();
  const [note, setNote] = useState<string | null>(null);
  const files = useRef(new Map<string, File>());
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const queue = useRef<string[]>([]);
  const uploading = useRef(false);
  /** Object URLs of local previews by item key, revoked once not shown any more. */
  const previews = useRef(new Map<string, string>());
  const nextKey = useRef(0);
  /** The latest callback: uploads finish long after the render that started them. */
  const addedCallback = useRef(onPhotosAdded);
  useEffect(() => {
    addedCallback.current = onPhotosAdded;
  });

  useEffect(() => {
    const urls = previews.current;
    const pending = requests.current;
    return () => {
      for (const xhr of pending.values()) xhr.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  function update(key: string, patch: Partial<Item>) {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }

  function forgetPreview(key: string) {
    const url = previews.current.get(key);
    if (!url) return;
    URL.revokeObjectURL(url);
    previews.current.delete(key);
  }

  function startNext() {
    if (uploading.current) return;
    const key = queue.current.shift();
    if (key === undefined) return;
    const file = files.current.get(key);
    if (!file) return startNext();
    uploading.current = true;
    update(key, { status: "uploading", progress: 0, error: null });
    const xhr = new XMLHttpRequest();
    requests.current.set(key, xhr);
    const finish = (patch: Partial<Item>) => {
      requests.current.delete(key);
      uploading.current = false;
      update(key, patch);
      startNext();
    };
    xhr.open("POST", `/api/listings/${encodeURIComponent(listingId)}/photos`);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) update(key, { progress: Math.round((event.loaded / event.total) * 100) });
    };
    xhr.onload = () => {
      const answer = xhr.response as UploadAnswer | null;
      if (xhr.status === 201 && answer && "photo" in answer) {
        files.current.delete(key);
        forgetPreview(key);
        finish({ status: "done", progress: 100, photo: answer.photo, preview: null, error: null });
        addedCallback.current?.();
        return;
      }
      const retryable = isRetryableUploadStatus(xhr.status);
      const message = answer && "error" in answer ? answer.error : PHOTO_CLIENT_MESSAGES.uploadFailed;
      console.error("Envoi de photo refusé :", xhr.status, message);
      if (!retryable) files.current.delete(key);
      finish({ status: "error", error: message, retryable });
    };
    xhr.onerror = () => {
      console.error("Envoi de photo impossible (réseau).");
      finish({ status: "error", error: PHOTO_CLIENT_MESSAGES.uploadFailed, retryable: true });
    };
    xhr.onabort = () => {
      requests.current.delete(key);
      uploading.current = false;
      startNext();
    };
    xhr.send(file);
  }

  function onFilesChosen(input: HTMLInputElement) {
    const chosen = Array.from(input.files ?? []);
    // Let the same file be chosen again after a removal.
    input.value = "";
    if (chosen.length === 0) return;
    const free = Math.max(0, MAX_PHOTOS - items.length);
    const kept = chosen.slice(0, free);
    setNote(chosen.length > kept.length ? droppedPhotosNote(kept.length, items.length) : null);
    if (kept.length > 0) addedCallback.current?.();
    const added: Item[] = kept.map((file) => {
      const key = `nouvelle-${nextKey.current++}`;
      const preview = canPreview(file) ? URL.createObjectURL(file) : null;
      if (preview) previews.current.set(key, preview);
      const tooLarge = file.size > MAX_PHOTO_BYTES;
      if (!tooLarge) {
        files.current.set(key, file);
        queue.current.push(key);
      }
      return {
        key,
        name: file.name,
        status: tooLarge ? "error" : "queued",
        progress: 0,
        preview,
        photo: null,
        error: tooLarge ? PHOTO_CLIENT_MESSAGES.tooLarge : null,
        retryable: false,
        removing: false,
      };
    });
    setItems((list) => [...list, ...added]);
    startNext();
  }

  function retry(key: string) {
    const file = files.current.get(key);
    if (!file) return;
    update(key, { status: "queued", error: null, retryable: false, progress: 0 });
    queue.current.push(key);
    startNext();
  }

  function drop(item: Item) {
    queue.current = queue.current.filter((k) => k !== item.key);
    files.current.delete(item.key);
    forgetPreview(item.key);
    setItems((list) => list.filter((i) => i.key !== item.key));
  }

  async function remove(item: Item) {
    setNote(null);
    if (item.status !== "done" || !item.photo) {
      requests.current.get(item.key)?.abort();
      drop(item);
      return;
    }
    update(item.key, { removing: true, error: null });
    try {
      const response = await fetch(
        `/api/listings/${encodeURIComponent(listingId)}/photos/${encodeURIComponent(item.photo.id)}`,
        { method: "DELETE", headers: { Accept: "application/json" } },
      );
      if (response.ok) return drop(item);
      const answer = (await response.json().catch(() => null)) as { error?: string } | null;
      update(item.key, { removing: false, error: answer?.error ?? PHOTO_CLIENT_MESSAGES.removeFailed });
    } catch (cause) {
      console.error("Retrait de photo impossible :", cause);
      update(item.key, { removing: false, error: PHOTO_CLIENT_MESSAGES.removeFailed });
    }
  }

  const stored = items.filter((i) => i.status === "done").length;
  const busy = items.some((i) => i.status === "queued" || i.status === "uploading");
  const full = items.length >= MAX_PHOTOS;

  return (
    <div>
      <input type="hidden" name="photoCount" value={stored} />
      <input type="hidden" name="photosBusy" value={busy ? "1" : ""} />
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={full || !interactive}
          className="peer sr-only"
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onFilesChosen(event.currentTarget)}
        />
        <label
          htmlFor={inputId}
          className={buttonClasses(
            "secondary",
            `${full ? "cursor-not-allowed opacity-60" : !interactive ? "cursor-wait opacity-60" : "cursor-pointer"} peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600`,
          )}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
            <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm8 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" />
          </svg>
          Ajouter des photos
        </label>
        <span className="text-sm text-slate-600">
          {stored} / {MAX_PHOTOS} photos
        </span>
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-500">
        JPEG, PNG ou WebP, 15 Mo au maximum par photo, 3 photos au maximum. La première sera la photo principale.
      </p>
      {note ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {note}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label="Photos de l'annonce" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {items.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              interactive={interactive}
              onRetry={() => retry(item.key)}
              onRemove={() => void remove(item)}
              onPreviewBroken={() => {
                forgetPreview(item.key);
                update(item.key, { preview: null });
              }}
            />
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function PhotoTile({
  item,
  index,
  interactive,
  onRetry,
  onRemove,
  onPreviewBroken,
}: {
  item: Item;
  index: number;
  interactive: boolean;
  onRetry: () => void;
  onRemove: () => void;
  /** The browser could not draw the local preview (a file that is not an image after all). */
  onPreviewBroken: () => void;
}) {
  const label = `Photo ${index + 1}${index === 0 ? " (principale)" : ""}`;
  const src = item.photo?.src ?? item.preview;
  return (
    <li className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200" aria-label={label}>
      <div className="relative aspect-[4/3] bg-slate-100">
        {src ? (
          <img
            src={src}
            srcSet={item.photo?.srcSet}
            sizes="(max-width: 640px) 100vw, 240px"
            alt={label}
            className={`h-full w-full object-cover ${item.status === "done" ? "" : "opacity-70"}`}
            onError={item.photo ? undefined : onPreviewBroken}
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-1 p-2 text-center text-slate-500">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 fill-current">
              <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5zM8 13h8v1.5H8zm0 3h8v1.5H8z" />
            </svg>
            {item.name ? <span className="w-full truncate text-xs">{item.name}</span> : null}
          </div>
        )}
        {index === 0 && item.status === "done" ? (
          <span className="absolute left-2 top-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
            Principale
          </span>
        ) : null}
      </div>
      <div className="space-y-2 p-2 sm:p-3">
        {item.status === "queued" ? <p className="text-sm text-slate-600">En attente d'envoi…</p> : null}
        {item.status === "uploading" ? (
          <div>
            <progress
              className="h-2 w-full overflow-hidden rounded accent-brand-600"
              max={100}
              value={item.progress}
              aria-label={`Envoi de la photo ${index + 1}`}
            />
            <p className="text-sm text-slate-600">Envoi… {item.progress}&nbsp;%</p>
          </div>
        ) : null}
        {item.status === "done" && !item.error ? <p className="text-sm text-emerald-700">Photo enregistrée</p> : null}
        {item.error ? (
          <p role="alert" className="text-sm text-red-700">
            {item.error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {item.status === "error" && item.retryable ? (
            <button type="button" className={buttonClasses("secondary", "px-3 py-1.5")} onClick={onRetry}>
              Réessayer
            </button>
          ) : null}
          <button
            type="button"
            className="inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            onClick={onRemove}
            disabled={item.removing || !interactive}
            aria-label={`Retirer la photo ${index + 1}`}
          >
            {item.removing ? "Retrait…" : "Retirer"}
          </button>
        </div>
      </div>
    </li>
  );
}
