/**
 * The packaging options a project line can ask for. The line stores the code (`xp.packagingOption`);
 * people only ever read its label, the dictionary's `projects.packaging.<code>` in their language
 * (issue 22 item 10). The storefront's project page, sales inbox and exports, and the sales team's
 * quote-request mail all go through here.
 */
export const PACKAGING_OPTIONS = ['standard', 'bulk', 'individual', 'palletised'] as const;
export type PackagingOption = (typeof PACKAGING_OPTIONS)[number];

/** Labels of the options in one language: code → label. */
export type PackagingLabels = Readonly<Record<PackagingOption, string>>;

export function isPackagingOption(value: unknown): value is PackagingOption {
  return typeof value === 'string' && (PACKAGING_OPTIONS as readonly string[]).includes(value);
}

/** The dictionary key of an option's label. */
export function packagingLabelKey(option: PackagingOption): string {
  return `projects.packaging.${option}`;
}

/** The labels of every option through a dictionary lookup (`t` of the storefront or of a mail). */
export function packagingLabels(t: (key: string) => string): PackagingLabels {
  return Object.fromEntries(
    PACKAGING_OPTIONS.map((option) => [option, t(packagingLabelKey(option))]),
  ) as Record<PackagingOption, string>;
}

/**
 * What a stored value shows: the label of an option; '' for none, and for anything that is no option
 * (an older version stored a placeholder such as "Choose packaging", or a label, as the value): a code
 * or a stray text never reaches a reader.
 */
export function packagingText(value: unknown, labels: PackagingLabels): string {
  return isPackagingOption(value) ? labels[value] : '';
}
