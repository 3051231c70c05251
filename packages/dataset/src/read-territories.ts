import type { ContentData, TerritoryData } from './content-model';
import { type DataNode, requireUnique } from './data-node';
import { REGIONS, type Region } from './model';

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/;

/** The form a territory code takes in each region (see territories.yaml). */
const CODE_PATTERN: Record<Region, { pattern: RegExp; what: string }> = {
  US: { pattern: /^\d{1,5}$/, what: 'a ZIP code prefix (digits)' },
  CA: { pattern: /^[A-Z](\d[A-Z]?)?$/, what: 'a forward sortation area prefix (e.g. M or K1)' },
  GB: { pattern: /^[A-Z]{1,2}$/, what: 'a postcode area (one or two letters)' },
  EU: {
    pattern: /^[A-Z]{2}(-[0-9A-Z]{1,5})?$/,
    what: 'a country code, optionally with a postal-code prefix',
  },
  AU: { pattern: /^\d{1,4}$/, what: 'a postcode prefix (digits)' },
  NZ: { pattern: /^\d{1,4}$/, what: 'a postcode prefix (digits)' },
};

/** territories.yaml: customer-service contacts per region, sales territories and their representatives. */
export function readTerritories(root: DataNode): Omit<ContentData, 'texts' | 'faqs'> {
  root.only(['contacts', 'territories', 'titles']);
  const titlesNode = root.get('titles');
  const repTitles = Object.fromEntries(titlesNode.keys().map((k) => [k, titlesNode.get(k).localized()]));
  const contactsNode = root.get('contacts').only(REGIONS);
  const contacts = {} as ContentData['contacts'];
  for (const region of REGIONS) {
    const node = contactsNode.get(region);
    if (!node.present) contactsNode.fail(`contact of region '${region}' is missing`);
    node.only(['phone', 'email']);
    contacts[region] = {
      phone: node.get('phone').string(),
      email: node.get('email').matching(EMAIL, 'an email'),
    };
  }
  const nodes = root.get('territories').nonEmptyList();
  requireUnique(nodes, (n) => n.get('id').string(), 'territory id');
  const territories = nodes.map((node): TerritoryData => {
    node.only(['id', 'region', 'name', 'codes', 'reps']);
    const region = node.get('region').oneOf(REGIONS);
    const { pattern, what } = CODE_PATTERN[region];
    return {
      id: node.get('id').matching(ID, 'a lowercase id'),
      region,
      name: node.get('name').localized(),
      codes: node
        .get('codes')
        .nonEmptyList()
        .map((c) => c.matching(pattern, what)),
      reps: node
        .get('reps')
        .nonEmptyList()
        .map((rep) => {
          rep.only(['name', 'title', 'email', 'phone', 'company']);
          const title = rep.get('title').string();
          if (!(title in repTitles)) rep.get('title').fail(`'${title}' is not one of the titles`);
          return {
            name: rep.get('name').string(),
            title,
            email: rep.get('email').matching(EMAIL, 'an email'),
            phone: rep.get('phone').string(),
            company: rep.get('company').string(),
          };
        }),
    };
  });
  // One postal code, one territory: no code of a region may be a prefix of another territory's code.
  for (const region of REGIONS) {
    const codes = territories
      .filter((t) => t.region === region)
      .flatMap((t) => t.codes.map((code) => ({ code, id: t.id })));
    for (const a of codes) {
      const clash = codes.find(
        (b) => b !== a && (region === 'GB' ? a.code === b.code : b.code.startsWith(a.code)),
      );
      if (clash) root.fail(`territories '${a.id}' and '${clash.id}' both serve '${clash.code}' (${region})`);
    }
  }
  return { contacts, territories, repTitles };
}
