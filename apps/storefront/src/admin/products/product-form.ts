import { LANGUAGES, type Language } from '@catalogue/dataset/model';
import type { AdminProduct, ProductXp } from './product-directory';

/**
 * The product editor's form: the product as flat form values (`productFormValues`), and a submitted
 * form read back into the PATCH of what the editor changed (`readProductForm`). Only changed fields are
 * sent, so two people editing different fields of one product do not undo each other's work, and the
 * audit trail shows what was really changed. The limits are the commerce service's own
 * (services/commerce/src/catalog/products.ts); it checks them again.
 */

export type FormValues = Record<string, string>;

type FieldKind = 'text' | 'longtext' | 'id' | 'integer' | 'decimal' | 'boolean';

interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  max?: number;
  min?: number;
  required?: boolean;
  hint?: string;
}

export const DETAIL_FIELDS: readonly FieldSpec[] = [
  { name: 'Active', label: 'Active (buyers can see it)', kind: 'boolean' },
  { name: 'DefaultPriceScheduleID', label: 'Default price schedule ID', kind: 'id' },
  {
    name: 'QuantityMultiplier',
    label: 'Quantity multiplier',
    kind: 'integer',
    min: 1,
    hint: 'Sold in multiples of this.',
  },
  { name: 'ShipWeight', label: 'Ship weight', kind: 'decimal', min: 0 },
  { name: 'ShipHeight', label: 'Ship height', kind: 'decimal', min: 0 },
  { name: 'ShipWidth', label: 'Ship width', kind: 'decimal', min: 0 },
  { name: 'ShipLength', label: 'Ship length', kind: 'decimal', min: 0 },
  { name: 'ShipFromAddressID', label: 'Ship-from address ID', kind: 'id' },
  { name: 'DefaultSupplierID', label: 'Default supplier ID', kind: 'id' },
  { name: 'Returnable', label: 'Returnable', kind: 'boolean' },
  { name: 'AutoForward', label: 'Forward orders to the supplier', kind: 'boolean' },
  { name: 'AllSuppliersCanSell', label: 'Every supplier may sell it', kind: 'boolean' },
];

export const INVENTORY_FIELDS: readonly FieldSpec[] = [
  { name: 'Inventory.Enabled', label: 'Track inventory', kind: 'boolean' },
  { name: 'Inventory.QuantityAvailable', label: 'Quantity available', kind: 'integer', min: 0 },
  { name: 'Inventory.NotificationPoint', label: 'Notify below', kind: 'integer', min: 0 },
  { name: 'Inventory.OrderCanExceed', label: 'Orders may exceed the quantity available', kind: 'boolean' },
  { name: 'Inventory.VariantLevelTracking', label: 'Track inventory per variant', kind: 'boolean' },
];

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 4000;
const ID_PATTERN = /^[\w.-]{1,100}$/;

export const nameField = (language: Language) => `name.${language}`;
export const descriptionField = (language: Language) => `description.${language}`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : '');
const booleanText = (value: unknown) => (value === true ? 'on' : '');

/** The product as the form's values (every field a string; a checked box is 'on'). */
export function productFormValues(product: AdminProduct): FormValues {
  const xp = (product.xp ?? {}) as ProductXp;
  const values: FormValues = {};
  for (const field of [...DETAIL_FIELDS, ...INVENTORY_FIELDS]) {
    const value = field.name.startsWith('Inventory.')
      ? (product.Inventory as Record<string, unknown> | undefined)?.[field.name.slice('Inventory.'.length)]
      : (product as Record<string, unknown>)[field.name];
    values[field.name] =
      field.kind === 'boolean'
        ? booleanText(value)
        : field.kind === 'integer' || field.kind === 'decimal'
          ? numberText(value)
          : text(value);
  }
  for (const language of LANGUAGES) {
    values[nameField(language)] = language === 'en' ? text(product.Name) : text(xp.Names?.[language]);
    values[descriptionField(language)] =
      language === 'en' ? text(product.Description) : text(xp.Descriptions?.[language]);
  }
  return values;
}

/** The submitted values of the form's fields (unchecked boxes are absent from a form post: ''). */
export function submittedValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const field of [...DETAIL_FIELDS, ...INVENTORY_FIELDS])
    values[field.name] = text(form.get(field.name));
  for (const language of LANGUAGES) {
    values[nameField(language)] = text(form.get(nameField(language)));
    values[descriptionField(language)] = text(form.get(descriptionField(language)));
  }
  return values;
}

export interface ProductPatch {
  [key: string]: unknown;
}

export type FormReading =
  | { ok: true; patch: ProductPatch; changed: string[] }
  | { ok: false; errors: Record<string, string> };

/** The PATCH body of what changed between `original` and `submitted`, or a message per bad field. */
export function readProductForm(original: FormValues, submitted: FormValues): FormReading {
  const errors: Record<string, string> = {};
  const patch: ProductPatch = {};
  const changed: string[] = [];
  for (const field of [...DETAIL_FIELDS, ...INVENTORY_FIELDS]) {
    const raw = submitted[field.name] ?? '';
    if (raw === (original[field.name] ?? '')) continue;
    const parsed = parseField(field, raw);
    if ('error' in parsed) {
      errors[field.name] = parsed.error;
      continue;
    }
    changed.push(field.name);
    if (field.name.startsWith('Inventory.')) {
      const inventory = (patch.Inventory ?? {}) as Record<string, unknown>;
      inventory[field.name.slice('Inventory.'.length)] = parsed.value;
      patch.Inventory = inventory;
    } else patch[field.name] = parsed.value;
  }
  readTexts(original, submitted, patch, changed, errors);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch, changed };
}

function readTexts(
  original: FormValues,
  submitted: FormValues,
  patch: ProductPatch,
  changed: string[],
  errors: Record<string, string>,
): void {
  const names: Partial<Record<Language, string>> = {};
  const descriptions: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const name = (submitted[nameField(language)] ?? '').trim();
    const description = (submitted[descriptionField(language)] ?? '').trim();
    if (name !== (original[nameField(language)] ?? '').trim()) {
      if (language === 'en' && !name)
        errors[nameField(language)] = 'Enter the English name: it is the name of last resort.';
      else if (name.length > NAME_MAX) errors[nameField(language)] = `Use at most ${NAME_MAX} characters.`;
      else {
        names[language] = name;
        changed.push(nameField(language));
      }
    }
    if (description !== (original[descriptionField(language)] ?? '').trim()) {
      if (description.length > DESCRIPTION_MAX) {
        errors[descriptionField(language)] = `Use at most ${DESCRIPTION_MAX} characters.`;
      } else {
        descriptions[language] = description;
        changed.push(descriptionField(language));
      }
    }
  }
  // English is the product's own Name and Description, and also kept in xp for the storefront's lookups.
  if (names.en !== undefined) patch.Name = names.en;
  if (descriptions.en !== undefined) patch.Description = descriptions.en;
  const xp: Record<string, unknown> = {};
  if (Object.keys(names).length) xp.Names = names;
  if (Object.keys(descriptions).length) xp.Descriptions = descriptions;
  if (Object.keys(xp).length) patch.xp = xp;
}

type Parsed = { value: unknown } | { error: string };

function parseField(field: FieldSpec, raw: string): Parsed {
  const value = raw.trim();
  switch (field.kind) {
    case 'boolean':
      return { value: value === 'on' };
    case 'id':
      if (!value) return { value: null };
      return ID_PATTERN.test(value)
        ? { value }
        : { error: 'Use letters, digits, - and _ only (at most 100).' };
    case 'integer': {
      if (!value)
        return field.name.startsWith('Inventory.') ? { value: null } : { error: 'Enter a whole number.' };
      if (!/^-?\d{1,9}$/.test(value)) return { error: 'Enter a whole number.' };
      const number = Number(value);
      return field.min !== undefined && number < field.min
        ? { error: `Enter ${field.min} or more.` }
        : { value: number };
    }
    case 'decimal':
      if (!value) return { value: null };
      if (!/^\d{1,9}(\.\d{1,4})?$/.test(value)) return { error: 'Enter a number such as 1.25 (0 or more).' };
      return { value: Number(value) };
    default: {
      const max = field.max ?? NAME_MAX;
      return value.length > max ? { error: `Use at most ${max} characters.` } : { value };
    }
  }
}
