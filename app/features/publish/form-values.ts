/**
 * A publish or edit form's fields as the shared schemas read them: one string per name, the
 * repeated `equipment` checkboxes joined by commas (a hidden empty `equipment` field is always
 * sent with the checklist, so unticking everything clears the list rather than leaving it as
 * it was). Used by the browser's checks and the routes alike.
 */
export function formValues(form: FormData, skip: ReadonlySet<string> = new Set()): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !skip.has(key)) values[key] = value;
  if (form.has("equipment") && !skip.has("equipment")) {
    values.equipment = form
      .getAll("equipment")
      .filter((v): v is string => typeof v === "string" && v !== "")
      .join(",");
  }
  return values;
}
