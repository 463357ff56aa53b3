import { useEffect, useRef, type RefObject } from "react";
import type { FieldErrors } from "./wizard-steps";

/**
 * The fields an error is about: a place's errors are answered by the postal-code picker's
 * fields; a first registration before the model year, by either date.
 */
const PLACE_FIELDS = ["postalCode", "city", "latitude", "longitude"];
const FIELDS_OF_ERROR: Record<string, string[]> = {
  ...Object.fromEntries(PLACE_FIELDS.map((field) => [field, PLACE_FIELDS])),
  firstRegistration: ["firstRegistration", "year"],
};
function fieldsOfError(key: string): string[] {
  return (Object.hasOwn(FIELDS_OF_ERROR, key) ? FIELDS_OF_ERROR[key] : undefined) ?? [key];
}

/**
 * A form's shown errors go as soon as their field is corrected, not at the next submit: once a
 * field differs from what it held when its error was shown, the form is validated again and
 * that error goes, or shows its new message if the field is still wrong. Errors of fields left
 * alone stay (the server's included: the browser cannot check all of them).
 *
 * Returns the form's `onChange`, `onClick` and `onKeyUp` props, to spread on it. It looks on the frame
 * after the edit, once React has drawn it: the postal-code picker fills its hidden fields when a
 * commune is chosen by click or keyboard, which fires no change event.
 */
export function useErrorsAnsweredOnEdit({
  formRef,
  errors,
  validate,
  setErrors,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  /** The errors shown now. */
  errors: FieldErrors;
  validate: (values: FormData) => FieldErrors | null;
  setErrors: (errors: FieldErrors) => void;
}): { onChange: () => void; onClick: () => void; onKeyUp: () => void } {
  const shown = useRef(errors);
  const valuesWhenShown = useRef<FormData | null>(null);
  const showsErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    shown.current = errors;
    valuesWhenShown.current = showsErrors && formRef.current ? new FormData(formRef.current) : null;
  }, [errors, showsErrors, formRef]);

  function recheckAfterEdit() {
    if (!valuesWhenShown.current) return;
    requestAnimationFrame(() => {
      const form = formRef.current;
      const before = valuesWhenShown.current;
      if (!form || !before) return;
      const now = new FormData(form);
      const edited = Object.keys(shown.current).filter((key) => fieldsOfError(key).some((name) => now.get(name) !== before.get(name)));
      if (edited.length === 0) return;
      const problems = validate(now) ?? {};
      const next = { ...shown.current };
      for (const key of edited) {
        if (problems[key]) next[key] = problems[key];
        else delete next[key];
      }
      setErrors(next);
    });
  }
  return { onChange: recheckAfterEdit, onClick: recheckAfterEdit, onKeyUp: recheckAfterEdit };
}
