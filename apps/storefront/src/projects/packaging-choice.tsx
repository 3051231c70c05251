import {
  isPackagingOption,
  PACKAGING_OPTIONS,
  type PackagingLabels,
  type PackagingOption,
  packagingText,
} from '@catalogue/outbox/packaging';

interface PackagingChoiceProps {
  /** What the line stores (`xp.packagingOption`): an option's code, nothing, or a stray text. */
  stored: unknown;
  editable: boolean;
  /** "Packaging of EMT conduit…": the select's accessible name. */
  label: string;
  /** "Choose packaging": the prompt of a line without packaging. */
  placeholder: string;
  options: PackagingLabels;
  pending: boolean;
  onChoose: (option: PackagingOption) => void;
}

/**
 * A project line's packaging: a select while the project can change, else the option's label. The
 * placeholder is a prompt only — it cannot be chosen, and a line without packaging (or one whose stored
 * value is no option) reads "–", never "Choose packaging" (issue 22 item 10).
 */
export function PackagingChoice({
  stored,
  editable,
  label,
  placeholder,
  options,
  pending,
  onChoose,
}: PackagingChoiceProps) {
  const option = isPackagingOption(stored) ? stored : '';
  if (!editable) return <>{packagingText(option, options) || '–'}</>;
  return (
    <select
      className="form-field__input project__packaging"
      aria-label={label}
      value={option}
      disabled={pending}
      onChange={(event) => {
        if (isPackagingOption(event.target.value)) onChoose(event.target.value);
      }}
    >
      {option === '' && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {PACKAGING_OPTIONS.map((code) => (
        <option key={code} value={code}>
          {options[code]}
        </option>
      ))}
    </select>
  );
}
