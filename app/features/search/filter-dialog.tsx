import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { COLORS, FUEL_OPTIONS, GEARBOXES, VEHICLE_TYPES } from "~/features/catalogue/vocabularies";
import { PostalCodePicker } from "~/features/places/postal-code-picker";
import { Button } from "~/ui/button";
import { SelectField } from "~/ui/select-field";
import { BrandModelSelects } from "./brand-model-selects";
import { draftFromFilters, filtersFromDraft, type DraftErrors, type FilterDraft } from "./filter-draft";
import {
  availableSorts,
  DEFAULT_SORT,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
  RADIUS_STEP_KM,
  SEARCH_SORTS,
  SORT_LABELS,
  type SearchFilters,
  GOOD_DEALS_LABEL,
  SELLER_LABELS,
  CRITAIR_FILTER_VALUES,
  DOORS_CHOICES,
  SEATS_CHOICES,
  SEATS_OR_MORE,
  FIRST_HAND_LABEL,
  searchHref,
} from "./search-params";
import { activeFilterBadges } from "./active-filter-badges";
import { CheckboxLine, ChipChecklist, NumberRange, Section } from "./filter-fields";
import { EquipmentFilter } from "./equipment-filter";
import { EQUIPMENT_LABELS } from "~/features/catalogue/equipment";
import { COUNT_DEBOUNCE_MS, seeListingsLabel, useSearchCount, type LiveCount } from "./search-count";

/*
 * The filters' form (spec §2 Search), in the 'Filtres' dialog (filter-dialog-panel.tsx, loaded
 * on the first tap) and, from 1024 px, in the sidebar (filter-sidebar.tsx, server-rendered): this
 * module imports no dialog library, so the results page can ship the sidebar (decision 0045).
 */

/**
 * The sidebar's live filters (issue 36): a change is applied once the fields rest
 * COUNT_DEBOUNCE_MS (one search per change, not per key), when every field is valid; the page's
 * filters, when they change otherwise (a badge removed, words searched), replace the draft.
 */
function useLiveApply(options: {
  live: boolean;
  initial: SearchFilters;
  draft: FilterDraft;
  setDraft: (draft: FilterDraft) => void;
  setErrors: (errors: DraftErrors) => void;
  onApply: (filters: SearchFilters) => void;
}) {
  const { live, initial, draft, setDraft, setErrors } = options;
  const onApply = useRef(options.onApply);
  useEffect(() => {
    onApply.current = options.onApply;
  });
  const pageKey = searchHref({ ...initial, page: undefined });
  const applied = useRef(pageKey);
  const drafted = useRef(draft);
  // The page's filters changed, and not by this form: they replace the draft.
  useEffect(() => {
    if (!live || pageKey === applied.current) return;
    applied.current = pageKey;
    const next = draftFromFilters(initial);
    drafted.current = next;
    setDraft(next);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, pageKey]);
  useEffect(() => {
    if (!live || drafted.current === draft) return;
    drafted.current = draft;
    const timer = window.setTimeout(() => {
      const result = filtersFromDraft(draft);
      setErrors(result.errors);
      if (Object.values(result.errors).some(Boolean)) return;
      const key = searchHref({ ...result.filters, page: undefined });
      if (key === applied.current) return;
      applied.current = key;
      onApply.current(result.filters);
    }, COUNT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [live, draft, setErrors]);
}

/** 'Vendeur' : Tous / Particulier / Professionnel (`seller=private|pro`, issue 33). */
const SELLER_CHOICES: { value: FilterDraft["seller"]; label: string }[] = [
  { value: "", label: "Tous" },
  { value: "private", label: SELLER_LABELS.private },
  { value: "pro", label: SELLER_LABELS.pro },
];

/** 'Crit'Air' : Tous / 0 / 1 ou mieux / 2 ou mieux / 3 ou mieux (`critair=N`, issue 34). */
const CRITAIR_CHOICES: { value: string; label: string }[] = [
  { value: "", label: "Tous" },
  ...CRITAIR_FILTER_VALUES.map((n) => ({ value: String(n), label: n === 0 ? "0 (électrique)" : `${n} ou mieux` })),
];

const DOOR_OPTIONS = DOORS_CHOICES.map((n) => ({ value: n, label: String(n) }));
const SEAT_OPTIONS = SEATS_CHOICES.map((n) => ({ value: n, label: n === SEATS_OR_MORE ? `${n} et plus` : String(n) }));

/** A removable badge: the label and a cross, one button. */
export function FilterBadge({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={`Retirer le filtre ${label}`}
      className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
    >
      {label}
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
        <path d="M7 7l10 10M17 7 7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/**
 * The form of the filters. In the dialog (mounted each time it opens, so it always starts from
 * the page's filters) nothing changes until 'Voir N annonces', the number counted as the
 * filters change (issue 36). `live` (the sidebar of wide screens, filter-sidebar.tsx): each
 * change is applied once the fields rest COUNT_DEBOUNCE_MS, and the page's new filters (a badge
 * removed, words searched) come back into the form.
 */
export function FilterForm({
  initial,
  onApply,
  count,
  live = false,
}: {
  initial: SearchFilters;
  onApply: (filters: SearchFilters) => void;
  count?: LiveCount;
  live?: boolean;
}) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(initial));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [attempt, setAttempt] = useState(0);
  // The postal-code picker keeps what is typed: a draft replaced as a whole (a badge removed,
  // 'Tout effacer', the page's new filters) mounts a new one.
  const [resets, setResets] = useState(0);
  const replaceDraft = (next: FilterDraft) => {
    setDraft(next);
    setResets((n) => n + 1);
  };
  const formRef = useRef<HTMLFormElement>(null);
  const radiusId = useId();
  const drafted = filtersFromDraft(draft);
  const badges = activeFilterBadges(drafted.filters, EQUIPMENT_LABELS);
  const valid = !Object.values(drafted.errors).some(Boolean);
  const liveCount = useSearchCount(live || !valid ? null : drafted.filters, count ?? null);
  useLiveApply({ live, initial, draft, setDraft: replaceDraft, setErrors, onApply });

  // After a refused 'Appliquer', take the keyboard to the first field to correct.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = filtersFromDraft(draft);
    setErrors(result.errors);
    if (Object.values(result.errors).some(Boolean)) {
      setAttempt((n) => n + 1);
      return;
    }
    onApply(result.filters);
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={live ? "Filtres" : undefined}
      className={live ? "@container flex flex-col" : "@container flex min-h-0 flex-1 flex-col"}
    >
      <div className={live ? "space-y-5" : "flex-1 space-y-5 overflow-y-auto px-5 py-4"}>
        <section aria-labelledby="filtres-actifs">
          <h3 id="filtres-actifs" className="text-sm font-semibold text-slate-700">
            Filtres actifs
          </h3>
          {badges.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {badges.map((badge) => (
                <li key={badge.key}>
                  <FilterBadge
                    label={badge.label}
                    onRemove={() => {
                      replaceDraft(draftFromFilters({ ...badge.remove, sort: draft.sort }));
                      setErrors({});
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Aucun filtre actif.</p>
          )}
        </section>

        <Section title="Marque et modèle">
          <BrandModelSelects
            value={{ brand: draft.brand, model: draft.model }}
            onChange={(value) =>
              setDraft((d) => ({
                ...d,
                ...value,
                // A chosen brand replaces the home page's lists (both would have to match).
                brands: value.brand !== d.brand ? [] : d.brands,
                models: value.brand !== d.brand || value.model !== d.model ? [] : d.models,
              }))
            }
            className="grid gap-3 @md:grid-cols-2"
          />
        </Section>

        <Section title="Localisation">
          <PostalCodePicker
            key={resets}
            hint="Les annonces autour de cette commune, dans le rayon choisi."
            defaultValue={{ postalCode: draft.postalCode, city: draft.place?.city }}
            errors={{ postalCode: errors.postalCode }}
            onChange={(postalCode, place) => {
              setDraft((d) => ({ ...d, postalCode, place: place ?? undefined }));
              if (errors.postalCode) setErrors((e) => ({ ...e, postalCode: undefined }));
            }}
          />
          <div>
            <div className="flex items-baseline justify-between">
              <label htmlFor={radiusId} className="text-sm font-medium text-slate-800">
                Rayon de recherche
              </label>
              <output htmlFor={radiusId} className="text-sm font-semibold text-brand-700">
                {draft.radius} km
              </output>
            </div>
            <input
              id={radiusId}
              type="range"
              min={RADIUS_MIN_KM}
              max={RADIUS_MAX_KM}
              step={RADIUS_STEP_KM}
              value={draft.radius}
              aria-valuetext={`${draft.radius} km`}
              onChange={(event) => set("radius", Number(event.target.value))}
              className="mt-2 w-full accent-brand-600"
            />
            <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
              <span>{RADIUS_MIN_KM} km</span>
              <span>{RADIUS_MAX_KM} km</span>
            </div>
          </div>
        </Section>

        <Section title="Vendeur">
          <div role="radiogroup" aria-label="Vendeur" className="flex flex-wrap gap-2">
            {SELLER_CHOICES.map(({ value, label }) => (
              <label key={value || "all"} className="filter-chip">
                <input
                  type="radio"
                  name="seller"
                  value={value}
                  checked={draft.seller === value}
                  onChange={() => set("seller", value)}
                  className="size-4 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </Section>

        <Section title="Crit'Air">
          <div role="radiogroup" aria-label="Crit'Air" className="flex flex-wrap gap-2">
            {CRITAIR_CHOICES.map(({ value, label }) => (
              <label key={value || "all"} className="filter-chip">
                <input
                  type="radio"
                  name="critair"
                  value={value}
                  checked={draft.critair === value}
                  onChange={() => set("critair", value)}
                  className="size-4 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </Section>

        <Section title="Équipements">
          <EquipmentFilter value={draft.equipment} onChange={(equipment) => set("equipment", equipment)} />
        </Section>

        <Section title="Énergie">
          <ChipChecklist
            label="Une de ces énergies"
            choices={FUEL_OPTIONS}
            value={draft.energies}
            onChange={(energies) => set("energies", energies)}
          />
        </Section>

        <Section title="Caractéristiques">
          <SelectField
            label="Type de véhicule"
            placeholder="Tous les types"
            options={VEHICLE_TYPES}
            value={draft.vehicleType}
            onChange={(event) => set("vehicleType", event.target.value)}
          />
          <SelectField
            label="Boîte de vitesses"
            placeholder="Toutes les boîtes"
            options={GEARBOXES}
            value={draft.gearbox}
            onChange={(event) => set("gearbox", event.target.value)}
          />
          <NumberRange
            fields={[
              { key: "powerMin", label: "Puissance minimum (ch)", example: "110" },
              { key: "powerMax", label: "Puissance maximum (ch)", example: "250" },
            ]}
            maxLength={5}
            draft={draft}
            errors={errors}
            set={set}
          />
          <ChipChecklist
            label="Portes"
            choices={DOOR_OPTIONS}
            value={draft.doors}
            onChange={(doors) => set("doors", doors)}
          />
          <ChipChecklist
            label="Places"
            choices={SEAT_OPTIONS}
            value={draft.seats}
            onChange={(seats) => set("seats", seats)}
          />
        </Section>

        <Section title="Esthétique">
          <SelectField
            label="Couleur"
            placeholder="Toutes les couleurs"
            options={COLORS}
            value={draft.color}
            onChange={(event) => set("color", event.target.value)}
          />
        </Section>

        <Section title="Prix">
          <NumberRange
            fields={[
              { key: "priceMin", label: "Prix minimum (€)", example: "5 000" },
              { key: "priceMax", label: "Prix maximum (€)", example: "15 000" },
            ]}
            draft={draft}
            errors={errors}
            set={set}
          />
          <CheckboxLine
            label={GOOD_DEALS_LABEL}
            detail="prix sous l'estimation du marché"
            checked={draft.goodDeals}
            onChange={(checked) => set("goodDeals", checked)}
          />
        </Section>

        <Section title="Année et kilométrage">
          <NumberRange
            fields={[
              { key: "yearMin", label: "Année minimum", example: "2015" },
              { key: "yearMax", label: "Année maximum", example: "2022" },
            ]}
            maxLength={4}
            draft={draft}
            errors={errors}
            set={set}
          />
          <NumberRange
            fields={[
              { key: "mileageMin", label: "Kilométrage minimum (km)", example: "20 000" },
              { key: "mileageMax", label: "Kilométrage maximum (km)", example: "100 000" },
            ]}
            draft={draft}
            errors={errors}
            set={set}
          />
          <CheckboxLine
            label={FIRST_HAND_LABEL}
            detail="un seul propriétaire"
            checked={draft.firstHand}
            onChange={(checked) => set("firstHand", checked)}
          />
        </Section>

        {/* The sidebar leaves the order to the select above the results, beside it. */}
        {live ? null : (
          <Section title="Tri">
            <SelectField
              label="Trier par"
              placeholder={null}
              options={availableSorts(draft).map((value) => ({ value, label: SORT_LABELS[value] }))}
              value={draft.sort}
              onChange={(event) =>
                set("sort", SEARCH_SORTS.find((sort) => sort === event.target.value) ?? DEFAULT_SORT)
              }
            />
          </Section>
        )}
      </div>
      {live ? (
        // Applied as they change: no button but the one for keyboards that press Enter.
        <button type="submit" className="sr-only">
          Appliquer
        </button>
      ) : (
        <div className="flex gap-3 border-t border-slate-200 bg-white px-5 py-4">
          <Button
            variant="secondary"
            className="flex-1"
            onClick={() => {
              replaceDraft(draftFromFilters({ sort: draft.sort }));
              setErrors({});
            }}
          >
            Tout effacer
          </Button>
          <Button type="submit" className="flex-[1.4]" aria-live="polite">
            {seeListingsLabel(valid ? liveCount : null)}
          </Button>
        </div>
      )}
    </form>
  );
}
