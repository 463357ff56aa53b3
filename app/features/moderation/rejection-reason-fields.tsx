import { REJECTION_REASONS } from "./moderation-reasons";

/**
 * The reason select and the note to the seller, shared by the forms that refuse a listing
 * (queue card) or a pending change (revision card). Field names are what the moderation actions read.
 */
export function RejectionReasonFields({
  label,
  placeholder,
  autoFocus = false,
  fieldErrors = {},
}: {
  label: string;
  placeholder: string;
  autoFocus?: boolean;
  fieldErrors?: { reasonCode?: string; reasonText?: string };
}) {
  return (
    <>
      <label className="block text-sm font-medium">
        {label}
        <select name="reasonCode" required className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" autoFocus={autoFocus} defaultValue="">
          <option value="" disabled>
            {placeholder}
          </option>
          {Object.entries(REJECTION_REASONS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {fieldErrors.reasonCode ? <p className="text-sm text-red-700">{fieldErrors.reasonCode}</p> : null}
      <label className="block text-sm font-medium">
        Précisions pour le vendeur (facultatif, sauf « Autre motif »)
        <textarea name="reasonText" rows={2} maxLength={1000} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
      </label>
      {fieldErrors.reasonText ? <p className="text-sm text-red-700">{fieldErrors.reasonText}</p> : null}
    </>
  );
}
