import {
  DndContext,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, rectSortingStrategy } from "@dnd-kit/sortable";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { buttonClasses } from "~/ui/button";
import { useInteractive } from "~/ui/use-interactive";
import { moveAnnouncement, moveTo, restoreOrder, sameOrder, sameSet } from "./photo-order";
import {
  MAX_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_ACCEPT,
  PHOTO_CLIENT_MESSAGES,
  UPLOAD_CONCURRENCY,
  droppedPhotosNote,
} from "./photo-rules";
import { PhotoTile, type Item, type ManagedPhoto, type MoveAction } from "./photo-tile";

export type { ManagedPhoto } from "./photo-tile";

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
 * What the browser refuses before sending: only the size. Whether it is an image, and which
 * format, is the server's to say from the content (its messages name the format: 'Les fichiers
 * PDF ne sont pas acceptés…').
 */
function refusedBeforeUpload(file: File): string | null {
  return file.size > MAX_PHOTO_BYTES ? PHOTO_CLIENT_MESSAGES.tooLarge : null;
}

/** Stored photo ids in the screen's order. */
function storedIds(items: readonly Item[]): string[] {
  return items.flatMap((i) => (i.status === "done" && i.photo ? [i.photo.id] : []));
}

/** dnd-kit's screen-reader texts, in French; the move itself is announced by our live region. */
const DRAG_ANNOUNCEMENTS: Announcements = {
  onDragStart: () => "Photo saisie.",
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => "Déplacement annulé.",
};
const DRAG_INSTRUCTIONS = {
  draggable: "Au clavier, utilisez les boutons « Avancer », « Reculer » et « Définir comme principale » de chaque photo.",
};

/**
 * Step 7 and 'Modifier l'annonce': the listing's photos (up to 20, issue 34). Files chosen in
 * the picker or dropped on the zone get a local preview at once and upload UPLOAD_CONCURRENCY
 * at a time as raw bodies to `POST /api/listings/:id/photos`, each with its progress bar
 * (XMLHttpRequest upload events) and its French error (GUIDE §6.10): 'Réessayer' when the
 * network or the server failed, 'Retirer' only when the file itself was refused.
 *
 * The order on screen is the seller's: drag a photo (mouse, or touch after a short press), or
 * use its 'Avancer' / 'Reculer' / 'Définir comme principale' buttons (the focus stays on the
 * moved photo, a live region says 'Photo 3 déplacée en position 2'). Once no upload is running,
 * the order of the stored photos is saved in one `PUT /api/listings/:id/photos` (uploads
 * finish in any order; this puts them back in the chosen one). The first is the main photo.
 *
 * `onPhotosAdded` tells the surrounding form that the seller chose photos or that one was
 * stored, so it can drop an earlier 'Ajoutez au moins une photo.' error.
 *
 * Form fields (hidden): `photoCount` (photos stored) and `photosBusy` ("1" while uploading), so
 * the surrounding form can validate step 7 like the others.
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
  /** The stored photos' order as the server last told it. */
  const [serverOrder, setServerOrder] = useState<string[]>(() => initialPhotos.map((p) => p.id));
  // Choosing or removing photos needs React (the page may be painted before it hydrates).
  const interactive = useInteractive();
  const [note, setNote] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [dropping, setDropping] = useState(false);
  const files = useRef(new Map<string, File>());
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const queue = useRef<string[]>([]);
  const active = useRef(0);
  const savingOrder = useRef(false);
  /** The button to focus again once a moved photo is drawn at its new place. */
  const focusAfterMove = useRef<{ key: string; action: MoveAction } | null>(null);
  /** Object URLs of local previews by item key, revoked once not shown any more. */
  const previews = useRef(new Map<string, string>());
  const nextKey = useRef(0);
  /** The latest callback: uploads finish long after the render that started them. */
  const addedCallback = useRef(onPhotosAdded);
  useEffect(() => {
    addedCallback.current = onPhotosAdded;
  });

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );

  useEffect(() => {
    const urls = previews.current;
    const pending = requests.current;
    return () => {
      for (const xhr of pending.values()) xhr.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const uploading = items.some((i) => i.status === "queued" || i.status === "uploading");
  const wanted = storedIds(items);
  const orderPending = !sameOrder(wanted, serverOrder);

  /** Sends the order; the flag drops before any state changes, so the re-render may save a newer order. */
  async function saveOrder(photoIds: string[]) {
    try {
      const response = await fetch(`/api/listings/${encodeURIComponent(listingId)}/photos`, {
        method: "PUT",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ photoIds }),
      });
      const answer = (await response.json().catch(() => null)) as { photos?: ManagedPhoto[]; error?: string } | null;
      savingOrder.current = false;
      if (response.ok && answer?.photos) {
        setServerOrder(answer.photos.map((p) => p.id));
        return;
      }
      setNote(answer?.error ?? PHOTO_CLIENT_MESSAGES.orderFailed);
    } catch (cause) {
      savingOrder.current = false;
      console.error("Ordre des photos non enregistré :", cause);
      setNote(PHOTO_CLIENT_MESSAGES.orderFailed);
    }
    // Refused: the screen goes back to the order the server keeps.
    setItems((list) => restoreOrder(list, (i) => (i.status === "done" && i.photo ? i.photo.id : null), serverOrder));
  }

  // Save the order once the uploads are done and the screen and the server hold the same photos.
  useEffect(() => {
    if (uploading || !orderPending || savingOrder.current || !sameSet(wanted, serverOrder)) return;
    savingOrder.current = true;
    void saveOrder(wanted);
  });

  // Keep the focus on the photo the seller just moved with a button.
  useEffect(() => {
    const request = focusAfterMove.current;
    if (!request) return;
    focusAfterMove.current = null;
    const tile = document.querySelector<HTMLElement>(`[data-photo-key="${CSS.escape(request.key)}"]`);
    if (!tile) return;
    const buttons = ["avancer", "reculer"].map((a) => tile.querySelector<HTMLButtonElement>(`[data-move="${a}"]`));
    const same = tile.querySelector<HTMLButtonElement>(`[data-move="${request.action}"]`);
    const target = [same, ...buttons].find((b) => b && !b.disabled) ?? tile;
    target.focus();
  });

  function update(key: string, patch: Partial<Item>) {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }

  function forgetPreview(key: string) {
    const url = previews.current.get(key);
    if (!url) return;
    URL.revokeObjectURL(url);
    previews.current.delete(key);
  }

  /** Starts queued uploads until UPLOAD_CONCURRENCY run. */
  function startNext() {
    while (active.current < UPLOAD_CONCURRENCY) {
      const key = queue.current.shift();
      if (key === undefined) return;
      const file = files.current.get(key);
      if (file) upload(key, file);
    }
  }

  function upload(key: string, file: File) {
    active.current += 1;
    update(key, { status: "uploading", progress: 0, error: null });
    const xhr = new XMLHttpRequest();
    requests.current.set(key, xhr);
    const settle = () => {
      requests.current.delete(key);
      active.current -= 1;
    };
    const finish = (patch: Partial<Item>) => {
      settle();
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
        // The server appends it; the order effect moves it to its place on screen.
        setServerOrder((order) => [...order, answer.photo.id]);
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
      settle();
      startNext();
    };
    xhr.send(file);
  }

  function addFiles(chosen: File[]) {
    if (chosen.length === 0) return;
    const free = Math.max(0, MAX_PHOTOS - items.length);
    const kept = chosen.slice(0, free);
    setNote(chosen.length > kept.length ? droppedPhotosNote(kept.length, items.length) : null);
    if (kept.length > 0) addedCallback.current?.();
    const added: Item[] = kept.map((file) => {
      const key = `nouvelle-${nextKey.current++}`;
      const preview = canPreview(file) ? URL.createObjectURL(file) : null;
      if (preview) previews.current.set(key, preview);
      const refused = refusedBeforeUpload(file);
      if (!refused) {
        files.current.set(key, file);
        queue.current.push(key);
      }
      return {
        key,
        name: file.name,
        status: refused ? "error" : "queued",
        progress: 0,
        preview,
        photo: null,
        error: refused,
        retryable: false,
        removing: false,
      };
    });
    setItems((list) => [...list, ...added]);
    startNext();
  }

  function onFilesChosen(input: HTMLInputElement) {
    const chosen = Array.from(input.files ?? []);
    // Let the same file be chosen again after a removal.
    input.value = "";
    addFiles(chosen);
  }

  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  function onZoneDragOver(event: DragEvent<HTMLDivElement>) {
    if (!interactive || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = full ? "none" : "copy";
    setDropping(true);
  }
  function onZoneDrop(event: DragEvent<HTMLDivElement>) {
    if (!interactive || !carriesFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    addFiles(Array.from(event.dataTransfer.files));
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
      const answer = (await response.json().catch(() => null)) as { photos?: ManagedPhoto[]; error?: string } | null;
      if (response.ok) {
        if (answer?.photos) setServerOrder(answer.photos.map((p) => p.id));
        return drop(item);
      }
      update(item.key, { removing: false, error: answer?.error ?? PHOTO_CLIENT_MESSAGES.removeFailed });
    } catch (cause) {
      console.error("Retrait de photo impossible :", cause);
      update(item.key, { removing: false, error: PHOTO_CLIENT_MESSAGES.removeFailed });
    }
  }

  function move(from: number, to: number) {
    const target = Math.max(0, Math.min(items.length - 1, to));
    if (target === from) return;
    setItems((list) => moveTo(list, from, target));
    setAnnouncement(moveAnnouncement(from, target));
    setNote(null);
  }

  function moveByButton(key: string, action: MoveAction) {
    const from = items.findIndex((i) => i.key === key);
    if (from < 0) return;
    focusAfterMove.current = { key, action };
    move(from, action === "avancer" ? from - 1 : action === "reculer" ? from + 1 : 0);
  }

  function onDragEnd(event: DragEndEvent) {
    const { active: dragged, over } = event;
    if (!over || dragged.id === over.id) return;
    move(
      items.findIndex((i) => i.key === dragged.id),
      items.findIndex((i) => i.key === over.id),
    );
  }

  const stored = items.filter((i) => i.status === "done").length;
  // Only uploads hold the step: the order's save is one short request that finishes on its own
  // (it was started when the last upload ended), and holding 'Suivant' for it refused a seller
  // whose tiles all read 'Photo enregistrée' (uploads finishing out of order start one).
  const busy = uploading;
  const full = items.length >= MAX_PHOTOS;

  return (
    // `data-order-saved`: the server holds the order on screen (the e2e tests wait on it before a reload).
    <div data-order-saved={orderPending ? "false" : "true"}>
      <input type="hidden" name="photoCount" value={stored} />
      <input type="hidden" name="photosBusy" value={busy ? "1" : ""} />
      <div
        className={`flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed p-3 sm:p-4 ${dropping ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
        onDragOver={onZoneDragOver}
        onDragLeave={() => setDropping(false)}
        onDrop={onZoneDrop}
        data-photo-drop-zone=""
      >
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
        <span className="hidden text-sm text-slate-600 sm:inline">ou glissez-les ici</span>
        <span className="ml-auto text-sm font-medium text-slate-700">
          {stored} / {MAX_PHOTOS} photos
        </span>
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-500">
        JPEG, PNG ou WebP, 15 Mo au maximum par photo, {MAX_PHOTOS} photos au maximum. La première est la photo
        principale (celle des résultats de recherche) : faites glisser les photos ou utilisez « Avancer » et « Reculer »
        pour les ranger.
      </p>
      {note ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {note}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only" data-testid="photo-order-announcement">
        {announcement}
      </p>
      {items.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: DRAG_ANNOUNCEMENTS, screenReaderInstructions: DRAG_INSTRUCTIONS }}
        >
          <SortableContext items={items.map((i) => i.key)} strategy={rectSortingStrategy}>
            <ul aria-label="Photos de l'annonce" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              {items.map((item, index) => (
                <PhotoTile
                  key={item.key}
                  item={item}
                  index={index}
                  count={items.length}
                  interactive={interactive}
                  onMove={(action) => moveByButton(item.key, action)}
                  onRetry={() => retry(item.key)}
                  onRemove={() => void remove(item)}
                  onPreviewBroken={() => {
                    forgetPreview(item.key);
                    update(item.key, { preview: null });
                  }}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
