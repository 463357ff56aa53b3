import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { BrandModelSelects, type BrandModelValue } from "./brand-model-selects";
import { brandModelHref } from "./header-search";
import { useFormTypedBeforeHydration } from "~/ui/use-field-state";

/** The home page's 'Trouver votre occasion' search: brand, model (disabled until a brand), 'Rechercher'. */
export function HeroSearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState<BrandModelValue>({ brand: "", model: "" });
  const formRef = useFormTypedBeforeHydration((typed) => {
    if (typed("brand")) setValue({ brand: typed("brand"), model: typed("model") });
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(brandModelHref(value));
  }
  return (
    <form
      ref={formRef}
      noValidate
      role="search"
      aria-label="Trouver votre occasion"
      action="/recherche"
      method="get"
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <BrandModelSelects
        value={value}
        onChange={setValue}
        className="flex flex-1 flex-col gap-3 sm:flex-row"
        fieldClassName="min-w-0 flex-1"
      />
      <button
        type="submit"
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
          <path d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" />
        </svg>
        Rechercher
      </button>
    </form>
  );
}
