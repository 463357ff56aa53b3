import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { placeLabel, type PlaceSuggestion } from "./postal-code";
import { useFieldState } from "~/ui/use-field-state";

const fiveDigits = (typed: string) => typed.replace(/\D/g, "").slice(0, 5);

/** Spec §9: the lookup starts 500 ms after the seller stops typing. */
export const LOOKUP_DELAY_MS = 500;

export const NO_PLACE_MESSAGE = "Aucune commune ne correspond à ce code postal.";

export interface PickedPlace {
  postalCode: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

/** The answer for one looked-up code (stale answers for another code are ignored). */
interface Lookup {
  code: string;
  kind: "loading" | "results" | "empty" | "failed";
  suggestions: PlaceSuggestion[];
}

/**
 * Postal code with commune suggestions (spec §4): typing 5 digits looks the code up in the
 * postal-code reference (`/api/places`) after a 500 ms pause; choosing a suggestion sets
 * the city, postal code, latitude and longitude (hidden fields of the surrounding form) and
 * closes the list. An ARIA combobox: ↓/↑ move through the list, Entrée chooses, Échap closes.
 *
 * Form fields: `postalCode` (the input), `city`, `latitude`, `longitude` (hidden).
 */
export function PostalCodePicker({
  defaultValue,
  errors = {},
  label = "Code postal",
  hint,
  onChange,
}: {
  defaultValue?: Partial<PickedPlace>;
  errors?: { postalCode?: string; city?: string; latitude?: string; longitude?: string };
  label?: string;
  /** A line under the label ("Les annonces autour de cette commune…"). */
  hint?: string;
  /**
   * Controlled use (the search filters, issue 34): the code as typed and the commune chosen, if
   * any. A commune given without coordinates (`city=` of a search URL) then shows as chosen.
   */
  onChange?: (postalCode: string, place: { city: string; postalCode: string } | null) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const initialPlace: PickedPlace | null =
    defaultValue?.city && defaultValue.postalCode && ((defaultValue.latitude != null && defaultValue.longitude != null) || onChange)
      ? {
          city: defaultValue.city,
          postalCode: defaultValue.postalCode,
          latitude: defaultValue.latitude ?? null,
          longitude: defaultValue.longitude ?? null,
        }
      : null;
  // A code typed before the page hydrated (decision 0024) is kept: useFieldState reads it back.
  const [code, setCode, inputRef] = useFieldState<HTMLInputElement>(defaultValue?.postalCode ?? "", fiveDigits);
  const [chosen, setPlace] = useState<PickedPlace | null>(initialPlace);
  // The chosen commune only while the field still shows its code.
  const place = chosen && chosen.postalCode === code ? chosen : null;
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The code to look up: 5 digits that are not already the chosen commune's.
  const wanted = /^\d{5}$/.test(code) && place?.postalCode !== code ? code : null;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLookup({ code: wanted, kind: "loading", suggestions: [] });
      try {
        const response = await fetch(`/api/places?postalCode=${encodeURIComponent(wanted)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { suggestions?: PlaceSuggestion[] };
        const suggestions = body.suggestions ?? [];
        setLookup({ code: wanted, kind: suggestions.length ? "results" : "empty", suggestions });
        // Only for a field in use: a search's code looked up as the form opens pops nothing open.
        setOpen(suggestions.length > 0 && document.activeElement === inputRef.current);
        setActive(-1);
      } catch (error) {
        if (controller.signal.aborted) return;
        // Spec §8: a failed lookup is logged and the suggestions are emptied.
        console.error("Recherche des communes impossible :", error);
        setLookup({ code: wanted, kind: "failed", suggestions: [] });
      }
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // inputRef is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  const current = lookup && lookup.code === wanted ? lookup : null;
  const suggestions = current?.suggestions ?? [];
  const expanded = open && suggestions.length > 0;

  function choose(suggestion: PlaceSuggestion) {
    setPlace(suggestion);
    setCode(suggestion.postalCode);
    onChange?.(suggestion.postalCode, { city: suggestion.city, postalCode: suggestion.postalCode });
    setOpen(false);
    setActive(-1);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter" && expanded) {
      // Choosing a commune must not submit the surrounding form.
      event.preventDefault();
      const chosen = suggestions[active >= 0 ? active : 0];
      if (chosen) choose(chosen);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const placeError = errors.city ?? errors.latitude ?? errors.longitude;
  const error = errors.postalCode ?? (place ? undefined : placeError);
  const statusText =
    current?.kind === "loading"
      ? "Recherche des communes…"
      : current?.kind === "empty"
        ? NO_PLACE_MESSAGE
        : current?.kind === "failed"
          ? "Impossible de charger les communes pour le moment. Réessayez dans un instant."
          : current?.kind === "results"
            ? `${suggestions.length} ${suggestions.length > 1 ? "communes trouvées" : "commune trouvée"} : choisissez la vôtre.`
            : "";

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="relative mt-1">
        <input
          ref={inputRef}
          id={id}
          name="postalCode"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="Ex. : 75011"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? hintId : null, statusId, error ? errorId : null].filter(Boolean).join(" ")}
          value={code}
          onChange={(event) => {
            const digits = fiveDigits(event.target.value);
            setCode(digits);
            if (place && digits !== place.postalCode) setPlace(null);
            onChange?.(digits, place && digits === place.postalCode ? { city: place.city, postalCode: place.postalCode } : null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(suggestions.length > 0)}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Communes"
          hidden={!expanded}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={placeLabel(suggestion)}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // mousedown would blur the input (closing the list) before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-50"}`}
            >
              {placeLabel(suggestion)}
            </li>
          ))}
        </ul>
      </div>
      <input type="hidden" name="city" value={place?.city ?? ""} />
      <input type="hidden" name="latitude" value={place?.latitude != null ? String(place.latitude) : ""} />
      <input type="hidden" name="longitude" value={place?.longitude != null ? String(place.longitude) : ""} />
      <p id={statusId} aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-600">
        {place ? (
          <>
            Commune choisie : <strong className="font-semibold text-slate-900">{placeLabel(place)}</strong>
          </>
        ) : (
          statusText
        )}
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
