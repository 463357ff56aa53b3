import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatCount, formatNumber } from "~/ui/format";
import type { SearchSuggestion } from "./suggestion-types";

/** Suggestions start after this many characters, once typing pauses this long. */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 200;

function countLabel(s: SearchSuggestion): string | null {
  if (s.count === undefined) return null;
  return s.countCapped ? `${formatNumber(s.count)}+ annonces` : formatCount(s.count, "annonce", "annonces");
}

const KIND_LABELS: Record<SearchSuggestion["kind"], string> = {
  brand: "Marque",
  model: "Modèle",
  city: "Ville",
};

/**
 * The free-text field of a search form (issue 14), with suggestions while typing: the ARIA 1.2
 * combobox pattern (an input with `role="combobox"`, `aria-expanded`, `aria-controls`,
 * `aria-activedescendant`; a `listbox` of `option`s). ↓/↑ move through the suggestions, Enter
 * picks the highlighted one (or submits the form when none is), Escape closes the list, a
 * click picks too. Picking calls `onPick` with the suggestion: its words ("Peugeot 3008"),
 * which the search turns into filters, or its town (`withSuggestion` in search-params.ts). The field is named `q`, so the form works
 * without JavaScript.
 */
export function SearchCombobox({
  value,
  onChange,
  onPick,
  label,
  hideLabel = false,
  placeholder = "Ex. : 3008 hybride, clio 4 rs",
  inputClassName = "",
  className = "",
}: {
  value: string;
  onChange: (value: string) => void;
  onPick: (suggestion: SearchSuggestion) => void;
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  inputClassName?: string;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Typing (not a value set by the page) is what asks for suggestions.
  const typed = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const valueAtHydration = useRef(value);

  // Text typed before hydration (decision 0024): the form hands it over as a new value just after
  // this mount; if the field still has the focus, the visitor is typing, so that value asks for
  // suggestions as a keystroke would (declared before the effect below, so it runs first).
  useEffect(() => {
    const input = inputRef.current;
    if (input && input === document.activeElement && input.value !== valueAtHydration.current) typed.current = true;
  }, []);

  useEffect(() => {
    if (!typed.current) return;
    const text = value.trim();
    // Too short: nothing asked (the list is hidden by `expanded` below).
    if (text.length < MIN_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(text)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ suggestions: SearchSuggestion[] }>) : null))
        .then((body) => {
          if (!body) return;
          setSuggestions(body.suggestions);
          setActive(-1);
          setOpen(body.suggestions.length > 0);
        })
        // A newer keystroke aborted this request, or the network failed: no suggestions.
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  function pick(suggestion: SearchSuggestion) {
    typed.current = false;
    setOpen(false);
    setActive(-1);
    onPick(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      const chosen = open ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        pick(chosen);
      } else {
        setOpen(false);
      }
    } else if (event.key === "Escape") {
      if (open) {
        // Closing the list must not also close a dialog around the field.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const expanded = open && suggestions.length > 0 && value.trim().length >= MIN_CHARS;
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "mb-1 block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={200}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        placeholder={placeholder}
        onChange={(event) => {
          typed.current = true;
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => {
          if (suggestions.length && value.trim().length >= MIN_CHARS) setOpen(true);
        }}
        className={`block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${inputClassName}`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Suggestions pour ${label.toLowerCase()}`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-lg bg-white py-1 text-left shadow-lg ring-1 ring-slate-200"
      >
        {suggestions.map((s, i) => (
          <li
            // Homonymous towns and communes sharing a postal code differ by name or code.
            key={`${s.kind}:${s.label}:${s.detail ?? ""}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown would blur the input first and close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(s)}
            onMouseEnter={() => setActive(i)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
              i === active ? "bg-brand-50 text-brand-900" : "text-slate-900"
            }`}
          >
            <span className="min-w-0 truncate">
              <span className="font-medium">{s.label}</span>
              {s.detail ? <span className="text-slate-600"> ({s.detail})</span> : null}
            </span>
            <span className="shrink-0 text-xs text-slate-600">{countLabel(s) ?? KIND_LABELS[s.kind]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
