-- Issue 22 items 1, 5, 7 and 8. Stock is information on the product page and in a project ("62 in stock, the rest ships
-- in 4–6 weeks"). For installations whose content was loaded before: the region's lead time in weeks on
-- each made-to-order item, read from its own lead-time sentence (so an editor's weeks are kept), and the
-- dictionary's stock texts per language where missing, with the add dialog's note that a product already in the
-- project had its quantity raised and its texts for adding all favourites at once, and the
-- locale menu's note when it lands on the nearest page (a new database gets all of it from the dataset load).
UPDATE content_items SET data = data || jsonb_build_object('leadWeeks', coalesce(substring(data->>'leadTime' from '[0-9]+(?:[–-][0-9]+)?'), ''))
WHERE type = 'made-to-order' AND NOT data ? 'leadWeeks';
--> statement-breakpoint
UPDATE content_items SET data = '{"header.localeMoved": "This page is not available in the region you chose: here is the nearest one.", "projects.add.products": "{count} products", "projects.add.addedMany": "{count} products added to {project}.", "favourites.addAll": "Add all to a project", "projects.add.merged": "{sku} was already in {project}: its quantity is now {total}.", "product.stock": "{count} in stock. Larger quantities ship in {weeks} weeks.", "product.stockNone": "Not in stock: ships in {weeks} weeks.", "projects.worksheet.stockShort": "{count} in stock, the rest ships in {weeks} weeks."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'en');
--> statement-breakpoint
UPDATE content_items SET data = '{"header.localeMoved": "Cette page n''existe pas dans la région choisie : voici la plus proche.", "projects.add.products": "{count} produits", "projects.add.addedMany": "{count} produits ajoutés à {project}.", "favourites.addAll": "Tout ajouter à un projet", "projects.add.merged": "{sku} figurait déjà dans {project} : sa quantité est maintenant de {total}.", "product.stock": "{count} en stock. Les quantités supérieures sont expédiées sous {weeks} semaines.", "product.stockNone": "Hors stock : expédié sous {weeks} semaines.", "projects.worksheet.stockShort": "{count} en stock, le reste est expédié sous {weeks} semaines."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'fr');
--> statement-breakpoint
UPDATE content_items SET data = '{"header.localeMoved": "Diese Seite gibt es in der gewählten Region nicht: Hier ist die nächstgelegene.", "projects.add.products": "{count} Produkte", "projects.add.addedMany": "{count} Produkte zu {project} hinzugefügt.", "favourites.addAll": "Alle zu einem Projekt hinzufügen", "projects.add.merged": "{sku} war bereits in {project}: die Menge beträgt jetzt {total}.", "product.stock": "{count} auf Lager. Größere Mengen werden in {weeks} Wochen versandt.", "product.stockNone": "Nicht auf Lager: Versand in {weeks} Wochen.", "projects.worksheet.stockShort": "{count} auf Lager, der Rest wird in {weeks} Wochen versandt."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'de');
--> statement-breakpoint
UPDATE content_items SET data = '{"header.localeMoved": "Deze pagina bestaat niet in de gekozen regio: dit is de dichtstbijzijnde.", "projects.add.products": "{count} producten", "projects.add.addedMany": "{count} producten toegevoegd aan {project}.", "favourites.addAll": "Alles aan een project toevoegen", "projects.add.merged": "{sku} stond al in {project}: de hoeveelheid is nu {total}.", "product.stock": "{count} op voorraad. Grotere aantallen worden binnen {weeks} weken verzonden.", "product.stockNone": "Niet op voorraad: verzending binnen {weeks} weken.", "projects.worksheet.stockShort": "{count} op voorraad, de rest wordt binnen {weeks} weken verzonden."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'nl');
