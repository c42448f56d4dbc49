/** The French texts of the response shapes' descriptions (shared/schemas/wire/). */
export const frShapes: Readonly<Record<string, string>> = {
  'A category or tag of an event.': 'Une catégorie ou une étiquette d’un évènement.',
  'A detailed error per invalid parameter.': 'Une erreur détaillée par paramètre invalide.',
  'A featured image.': 'Une image mise en avant.',
  'A human-readable message.': 'Un message lisible par un humain.',
  'A machine-readable error code.': 'Un code d’erreur lisible par une machine.',
  'A page of event categories.': 'Une page de catégories d’évènements.',
  'A page of event tags.': 'Une page d’étiquettes d’évènements.',
  'A page of events.': 'Une page d’évènements.',
  'A page of organizers.': 'Une page d’organisateurs.',
  'A page of venues.': 'Une page de lieux.',
  'A site-independent ID: the host, then ?id= and the ID.':
    'Un identifiant indépendant du site : l’hôte, puis ?id= et l’identifiant.',
  'A venue; empty fields are left out.': 'Un lieu ; les champs vides sont omis.',
  'Additional fields by key, or an empty list when there are none.':
    'Les champs supplémentaires par clé, ou une liste vide s’il n’y en a pas.',
  'Always 0.': 'Toujours 0.',
  'Always raw.': 'Toujours raw.',
  'An empty list.': 'Une liste vide.',
  'An error.': 'Une erreur.',
  'An event category.': 'Une catégorie d’évènements.',
  'An event tag.': 'Une étiquette d’évènements.',
  'An event.': 'Un évènement.',
  'An organizer; empty fields are left out.': 'Un organisateur ; les champs vides sont omis.',
  'Hypermedia links of single reads, creates and updates.':
    'Liens hypermédia des lectures unitaires, créations et mises à jour.',
  'One size of an image.': 'Une taille d’une image.',
  'REST links of the term.': 'Liens REST du terme.',
  'The HTTP status and details of the error.': 'Le statut HTTP et les détails de l’erreur.',
  'The HTTP status of the response.': 'Le statut HTTP de la réponse.',
  "The ID of the event's author, as a string.":
    'L’identifiant de l’auteur de l’évènement, sous forme de chaîne.',
  "The ID of the organizer's author, as a string.":
    'L’identifiant de l’auteur de l’organisateur, sous forme de chaîne.',
  "The ID of the venue's author, as a string.":
    'L’identifiant de l’auteur du lieu, sous forme de chaîne.',
  'The MIME type of the file.': 'Le type MIME du fichier.',
  'The REST URL of the event.': 'L’URL REST de l’évènement.',
  'The REST URL of the parent category, when there is one.':
    'L’URL REST de la catégorie parente, s’il y en a une.',
  'The REST URL of the taxonomy archive.': 'L’URL REST de l’archive de la taxonomie.',
  'The REST URL of the term.': 'L’URL REST du terme.',
  'The URL of the file.': 'L’URL du fichier.',
  'The URL of the full-size image.': 'L’URL de l’image en taille réelle.',
  'The URL of the next page, absent on the last page.':
    'L’URL de la page suivante, absente sur la dernière page.',
  'The URL of the previous page, absent on the first page.':
    'L’URL de la page précédente, absente sur la première page.',
  'The URL of this archive page.': 'L’URL de cette page d’archive.',
  'The abbreviation of the event time zone, or an empty string.':
    'L’abréviation du fuseau horaire de l’évènement, ou une chaîne vide.',
  'The categories of this page.': 'Les catégories de cette page.',
  'The city.': 'La ville.',
  'The components of a date as zero-padded strings.':
    'Les composantes d’une date, en chaînes complétées par des zéros.',
  'The cost as displayed, with its currency symbol; empty when none.':
    'Le coût tel qu’affiché, avec son symbole monétaire ; vide s’il n’y en a pas.',
  'The country.': 'Le pays.',
  'The currency code, or an empty string.': 'Le code de la devise, ou une chaîne vide.',
  'The currency symbol found in the cost, or an empty string.':
    'Le symbole monétaire trouvé dans le coût, ou une chaîne vide.',
  'The day of the month, two digits.': 'Le jour du mois, sur deux chiffres.',
  'The e-mail address.': 'L’adresse électronique.',
  'The end date in UTC.': 'La date de fin en UTC.',
  'The end date in the event time zone.': 'La date de fin dans le fuseau horaire de l’évènement.',
  'The error code of the parameter.': 'Le code d’erreur du paramètre.',
  'The event ID.': 'L’identifiant de l’évènement.',
  'The event categories.': 'Les catégories de l’évènement.',
  'The event organizers.': 'Les organisateurs de l’évènement.',
  'The event tags.': 'Les étiquettes de l’évènement.',
  'The event time zone, or an empty string.':
    'Le fuseau horaire de l’évènement, ou une chaîne vide.',
  'The event title.': 'Le titre de l’évènement.',
  'The event venue, or an empty list when there is none.':
    'Le lieu de l’évènement, ou une liste vide s’il n’y en a pas.',
  'The event website URL.': 'L’URL du site web de l’évènement.',
  "The event's description, as HTML.": 'La description de l’évènement, en HTML.',
  "The event's excerpt, as HTML.": 'Le résumé de l’évènement, en HTML.',
  "The event's last modification date in UTC.":
    'La date de dernière modification de l’évènement en UTC.',
  "The event's last modification date in the site time zone.":
    'La date de dernière modification de l’évènement dans le fuseau horaire du site.',
  "The event's publication date in UTC.": 'La date de publication de l’évènement en UTC.',
  "The event's publication date in the site time zone.":
    'La date de publication de l’évènement dans le fuseau horaire du site.',
  "The event's slug.": 'Le slug de l’évènement.',
  "The event's status.": 'Le statut de l’évènement.',
  'The events of this page.': 'Les évènements de cette page.',
  'The featured image, or false when there is none.':
    'L’image mise en avant, ou false s’il n’y en a pas.',
  'The file extension.': 'L’extension du fichier.',
  'The file size in bytes.': 'La taille du fichier en octets.',
  'The global IDs this object has had, starting with its own.':
    'Les identifiants globaux qu’a eus cet objet, en commençant par le sien.',
  'The height in pixels.': 'La hauteur en pixels.',
  'The hour (00-23), two digits.': 'L’heure (00-23), sur deux chiffres.',
  'The latitude, when known.': 'La latitude, si elle est connue.',
  'The longitude, when known.': 'La longitude, si elle est connue.',
  'The media item ID.': 'L’identifiant du média.',
  'The minutes, two digits.': 'Les minutes, sur deux chiffres.',
  'The month, two digits.': 'Le mois, sur deux chiffres.',
  'The number of matching objects on all pages.':
    'Le nombre d’objets correspondants sur toutes les pages.',
  'The number of pages.': 'Le nombre de pages.',
  'The number of published events with this term.':
    'Le nombre d’évènements publiés portant ce terme.',
  'The numeric cost values as strings, in ascending order.':
    'Les valeurs numériques du coût en chaînes, par ordre croissant.',
  'The organizer ID.': 'L’identifiant de l’organisateur.',
  'The organizer name.': 'Le nom de l’organisateur.',
  "The organizer's description, as HTML.": 'La description de l’organisateur, en HTML.',
  "The organizer's excerpt, as HTML.": 'Le résumé de l’organisateur, en HTML.',
  "The organizer's last modification date in UTC.":
    'La date de dernière modification de l’organisateur en UTC.',
  "The organizer's last modification date in the site time zone.":
    'La date de dernière modification de l’organisateur dans le fuseau horaire du site.',
  "The organizer's publication date in UTC.": 'La date de publication de l’organisateur en UTC.',
  "The organizer's publication date in the site time zone.":
    'La date de publication de l’organisateur dans le fuseau horaire du site.',
  "The organizer's slug.": 'Le slug de l’organisateur.',
  "The organizer's status.": 'Le statut de l’organisateur.',
  'The organizers of this page.': 'Les organisateurs de cette page.',
  'The parameters at fault: a message per invalid parameter, or the names of the missing ones.':
    'Les paramètres en cause : un message par paramètre invalide, ou les noms des paramètres manquants.',
  'The parent category ID, or 0 for a top-level category.':
    'L’identifiant de la catégorie parente, ou 0 pour une catégorie de premier niveau.',
  'The parts of the event cost.': 'Les composantes du coût de l’évènement.',
  'The phone number.': 'Le numéro de téléphone.',
  'The postal code.': 'Le code postal.',
  'The province.': 'La province.',
  'The public page of the event.': 'La page publique de l’évènement.',
  'The public page of the organizer.': 'La page publique de l’organisateur.',
  'The public page of the term.': 'La page publique du terme.',
  'The public page of the venue.': 'La page publique du lieu.',
  'The schema.org description of the object, on single reads only.':
    'La description schema.org de l’objet, seulement lors des lectures unitaires.',
  'The seconds, two digits.': 'Les secondes, sur deux chiffres.',
  'The smaller sizes of the image, by size name.':
    'Les tailles réduites de l’image, par nom de taille.',
  'The start date in UTC.': 'La date de début en UTC.',
  'The start date in the event time zone.':
    'La date de début dans le fuseau horaire de l’évènement.',
  'The state or province.': 'L’État ou la province.',
  'The state.': 'L’État.',
  'The street address.': 'L’adresse postale.',
  'The tags of this page.': 'Les étiquettes de cette page.',
  'The taxonomy: tribe_events_cat for categories, post_tag for tags.':
    'La taxonomie : tribe_events_cat pour les catégories, post_tag pour les étiquettes.',
  'The term ID again.': 'De nouveau l’identifiant du terme.',
  'The term ID.': 'L’identifiant du terme.',
  'The term description.': 'La description du terme.',
  'The term name.': 'Le nom du terme.',
  'The term slug.': 'Le slug du terme.',
  'The venue ID.': 'L’identifiant du lieu.',
  'The venue name.': 'Le nom du lieu.',
  "The venue's description, as HTML.": 'La description du lieu, en HTML.',
  "The venue's excerpt, as HTML.": 'Le résumé du lieu, en HTML.',
  "The venue's last modification date in UTC.": 'La date de dernière modification du lieu en UTC.',
  "The venue's last modification date in the site time zone.":
    'La date de dernière modification du lieu dans le fuseau horaire du site.',
  "The venue's publication date in UTC.": 'La date de publication du lieu en UTC.',
  "The venue's publication date in the site time zone.":
    'La date de publication du lieu dans le fuseau horaire du site.',
  "The venue's slug.": 'Le slug du lieu.',
  "The venue's status.": 'Le statut du lieu.',
  'The venues of this page.': 'Les lieux de cette page.',
  'The website URL.': 'L’URL du site web.',
  'The width in pixels.': 'La largeur en pixels.',
  'The year, four digits.': 'L’année, sur quatre chiffres.',
  'What is wrong with the parameter.': 'Ce qui ne va pas avec le paramètre.',
  'Where the currency symbol goes: prefix, postfix or empty.':
    'Où se place le symbole monétaire : prefix, postfix ou vide.',
  'Whether a link to a map is shown for the venue.':
    'Si un lien vers une carte est affiché pour le lieu.',
  'Whether a link to a map is shown.': 'Si un lien vers une carte est affiché.',
  'Whether a map is shown for the venue.': 'Si une carte est affichée pour le lieu.',
  'Whether a map is shown.': 'Si une carte est affichée.',
  'Whether the event is featured.': 'Si l’évènement est mis en avant.',
  'Whether the event is left out of listings.': 'Si l’évènement est exclu des listes.',
  'Whether the event lasts whole days.': 'Si l’évènement dure des journées entières.',
  'Whether the event sticks to the top of calendar views.':
    'Si l’évènement reste épinglé en haut des vues du calendrier.',
  // Recurring events (docs/contract/extensions.md §E1).
  'How the event repeats: the RFC 5545 lines of its series, or an empty list when it does not.':
    'Comment l’évènement se répète : les lignes RFC 5545 de sa série, ou une liste vide s’il ne se répète pas.',
  'The ID of the first event of its series (the same for every occurrence), or null.':
    'L’identifiant du premier évènement de sa série (le même pour chaque occurrence), ou null.',
  'The start the rule gave this occurrence, in the event time zone, or null for a single event.':
    'Le début que la règle a donné à cette occurrence, dans le fuseau horaire de l’évènement, ou null pour un évènement unique.',
  'The IDs of the first events of every part of its series, first part first: one ID until a "this and following" change splits the series, then one per part; an empty list for a single event.':
    'Les identifiants des premiers évènements de chaque partie de sa série, la première partie d’abord : un seul identifiant tant qu’aucun changement « celui-ci et les suivants » n’a scindé la série, puis un par partie ; une liste vide pour un évènement unique.',
  // Event status (docs/contract/extensions.md §E7).
  'Whether the event takes place: scheduled, canceled or postponed.':
    'Si l’évènement a lieu : scheduled (prévu), canceled (annulé) ou postponed (reporté).',
  'Why the event is canceled or postponed, as plain text; may be empty.':
    'Pourquoi l’évènement est annulé ou reporté, en texte brut ; peut être vide.',
  // Category colours (docs/api).
  'The display colour of the category as #rrggbb (an Almanac extension); absent when none was chosen.':
    'La couleur d’affichage de la catégorie en #rrggbb (une extension d’Almanac) ; absente quand aucune n’a été choisie.',
  'The display colour of the category as #rrggbb (an Almanac extension); empty to remove it.':
    'La couleur d’affichage de la catégorie en #rrggbb (une extension d’Almanac) ; vide pour la retirer.',
};
