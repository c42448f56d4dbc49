/** The French texts of the request arguments, operation summaries and answer descriptions. */
export const frOperations: Readonly<Record<string, string>> = {
  'A local calendar server': 'Un serveur de calendrier local',
  'A page of categories.': 'Une page de catégories.',
  'A page of tags.': 'Une page d’étiquettes.',
  'A parameter is missing or invalid, or the request is not valid HTTP (such as a header value holding a control character).':
    'Un paramètre est manquant ou invalide, ou la requête n’est pas du HTTP valide (par exemple une valeur d’en-tête contenant un caractère de contrôle).',
  'A short summary; HTML is limited to formatting tags.':
    'Un court résumé ; le HTML est limité aux balises de mise en forme.',
  'A venue ID, an object with an id, or venue data.':
    'Un identifiant de lieu, un objet avec un id, ou les données d’un lieu.',
  'A venue given by its ID.': 'Un lieu désigné par son identifiant.',
  'The venue name, as text: markup is removed and some text must remain.':
    'Le nom du lieu, en texte : le balisage est retiré et il doit rester du texte.',
  'The organizer name, as text: markup is removed and some text must remain.':
    'Le nom de l’organisateur, en texte : le balisage est retiré et il doit rester du texte.',
  'The term name, as text: markup is removed and some text must remain; unique among the terms with the same parent.':
    'Le nom du terme, en texte : le balisage est retiré et il doit rester du texte ; unique parmi les termes de même parent.',
  'An alphanumeric identifier for the term, unique in its taxonomy.':
    'Un identifiant alphanumérique du terme, unique dans sa taxonomie.',
  'An empty string removes the venue.': 'Une chaîne vide retire le lieu.',
  'An empty string, or an empty list, removes every organizer.':
    'Une chaîne vide, ou une liste vide, retire tous les organisateurs.',
  'An organizer given by its ID.': 'Un organisateur désigné par son identifiant.',
  'Bearer session tokens from POST /calendar/admin/v1/sessions':
    'Jetons de session Bearer obtenus par POST /calendar/admin/v1/sessions',
  'Category IDs, names or slugs; unknown names create categories, for users who may create them.':
    'Identifiants, noms ou slugs de catégories ; les noms inconnus créent des catégories, pour qui peut en créer.',
  'Create a organizer; an identical existing organizer is returned instead of a duplicate.':
    'Crée un organisateur ; un organisateur identique existant est renvoyé au lieu d’un doublon.',
  'Create a venue; an identical existing venue is returned instead of a duplicate.':
    'Crée un lieu ; un lieu identique existant est renvoyé au lieu d’un doublon.',
  'Create an event category.': 'Crée une catégorie d’évènements.',
  'Create an event tag.': 'Crée une étiquette d’évènements.',
  'Create an event.': 'Crée un évènement.',
  'Delete an event category for good; events lose it.':
    'Supprime définitivement une catégorie d’évènements ; les évènements la perdent.',
  'Delete an event tag for good; events lose it.':
    'Supprime définitivement une étiquette d’évènements ; les évènements la perdent.',
  'Events with (true) or without (false) tickets; this server sells no tickets.':
    'Évènements avec (true) ou sans (false) billets ; ce serveur ne vend pas de billets.',
  'Exclude the terms with these IDs.': 'Exclut les termes ayant ces identifiants.',
  'HTTP Basic with a login and its password or an application password':
    'HTTP Basic avec un identifiant et son mot de passe ou un mot de passe d’application',
  'How many events to return per page (at most 50).':
    'Nombre d’évènements à renvoyer par page (50 au plus).',
  'How many items to return per page (at most 100).':
    'Nombre d’éléments à renvoyer par page (100 au plus).',
  'How many items to return per page (at most 50).':
    'Nombre d’éléments à renvoyer par page (50 au plus).',
  'How many trashed objects a page holds (at most 100).':
    'Nombre d’objets de la corbeille par page (100 au plus).',
  'Ignored: deleting always moves to the trash.':
    'Ignoré : la suppression met toujours à la corbeille.',
  'Latitude of the centre of a distance search; needs geoloc_lng.':
    'Latitude du centre d’une recherche par distance ; nécessite geoloc_lng.',
  'Limit the results to terms whose name or slug contains the string.':
    'Limite les résultats aux termes dont le nom ou le slug contient la chaîne.',
  'Limit the results to the children of this category ID.':
    'Limite les résultats aux enfants de cette catégorie (identifiant).',
  'Limit the results to the terms of this event ID.':
    'Limite les résultats aux termes de cet évènement (identifiant).',
  'Limit the results to the terms of this event ID; wins over post.':
    'Limite les résultats aux termes de cet évènement (identifiant) ; l’emporte sur post.',
  'Limit the results to the terms with these IDs.':
    'Limite les résultats aux termes ayant ces identifiants.',
  'Limit the results to the terms with this slug.':
    'Limite les résultats aux termes ayant ce slug.',
  'List event categories.': 'Liste les catégories d’évènements.',
  'List event tags.': 'Liste les étiquettes d’évènements.',
  'List events, by start date.': 'Liste les évènements, par date de début.',
  'List organizers.': 'Liste les organisateurs.',
  'List venues.': 'Liste les lieux.',
  'Longitude of the centre of a distance search; needs geoloc_lat.':
    'Longitude du centre d’une recherche par distance ; nécessite geoloc_lat.',
  'Move a organizer to the trash and unlink it from its events.':
    'Met un organisateur à la corbeille et le détache de ses évènements.',
  'Move a venue to the trash and unlink it from its events.':
    'Met un lieu à la corbeille et le détache de ses évènements.',
  'Move an event to the trash by its slug.': 'Met un évènement à la corbeille par son slug.',
  'Move an event to the trash.': 'Met un évènement à la corbeille.',
  'No such object, route or archive page.': 'Objet, route ou page d’archive inexistant.',
  'Only events at any of these venue IDs.':
    'Seulement les évènements dans l’un de ces lieux (identifiants).',
  'Only events in any of these categories (IDs or slugs).':
    'Seulement les évènements de l’une de ces catégories (identifiants ou slugs).',
  'Only events of any of these organizer IDs.':
    'Seulement les évènements de l’un de ces organisateurs (identifiants).',
  'Only events that end after this date.':
    'Seulement les évènements qui finissent après cette date.',
  'Only events that end before this date.':
    'Seulement les évènements qui finissent avant cette date.',
  'Only events that end on or before this date.':
    'Seulement les évènements qui finissent à cette date ou avant.',
  'Only events that start after this date.':
    'Seulement les évènements qui commencent après cette date.',
  'Only events that start before this date.':
    'Seulement les évènements qui commencent avant cette date.',
  'Only events that start on or after this date.':
    'Seulement les évènements qui commencent à cette date ou après.',
  'Only events whose title, description or excerpt contain every word (the last one may be the start of a word).':
    'Seulement les évènements dont le titre, la description ou le résumé contiennent chaque mot (le dernier peut être le début d’un mot).',
  'Only events whose venue has (true) or lacks (false) coordinates.':
    'Seulement les évènements dont le lieu a (true) ou n’a pas (false) de coordonnées.',
  'Only events with any of these tags (IDs or slugs).':
    'Seulement les évènements portant l’une de ces étiquettes (identifiants ou slugs).',
  'Only events with one of these statuses; publish only for those who cannot edit events.':
    'Seulement les évènements ayant l’un de ces statuts ; publish seulement pour qui ne peut pas modifier les évènements.',
  'Only events with these IDs; date filters are then ignored.':
    'Seulement les évènements ayant ces identifiants ; les filtres de date sont alors ignorés.',
  'Only featured (true) or only non-featured (false) events.':
    'Seulement les évènements mis en avant (true) ou non mis en avant (false).',
  'Only items with a field that contains every word of this text.':
    'Seulement les éléments dont un champ contient chaque mot de ce texte.',
  'Sort ascending or descending; the default depends on orderby (ascending for names and event dates, descending for publication and modification dates).':
    'Tri croissant ou décroissant ; par défaut selon orderby (croissant pour les noms et les dates des évènements, décroissant pour les dates de publication et de modification).',
  'Sort by start_date (the default), end_date, title, date (publication) or modified; ties by ID.':
    'Trier par start_date (par défaut), end_date, title, date (publication) ou modified ; à égalité, par identifiant.',
  'Sort by date (publication, the default), title or modified; ties by ID.':
    'Trier par date (publication, par défaut), title ou modified ; à égalité, par identifiant.',
  'Only items with one of these statuses; publish only for those who cannot edit them.':
    'Seulement les éléments ayant l’un de ces statuts ; publish seulement pour qui ne peut pas les modifier.',
  'Only the events whose parent is this event ID.':
    'Seulement les évènements dont le parent est cet évènement (identifiant).',
  'Only the items linked to events that have not started yet.':
    'Seulement les éléments liés à des évènements qui n’ont pas encore commencé.',
  'Only the items linked to this event ID.':
    'Seulement les éléments liés à cet évènement (identifiant).',
  'Only the items that have (true) or lack (false) events.':
    'Seulement les éléments qui ont (true) ou n’ont pas (false) d’évènements.',
  'Only trashed objects of these kinds: event, venue, organizer.':
    'Seulement les objets de la corbeille de ces sortes : event, venue, organizer.',
  'Organizer IDs separated by commas.':
    'Des identifiants d’organisateurs séparés par des virgules.',
  'Organizer IDs, objects with an id, organizer data, or a mix.':
    'Identifiants d’organisateurs, objets avec un id, données d’organisateurs, ou un mélange.',
  'Organizer data: a new organizer, or the existing one with the same details.':
    'Les données d’un organisateur : un nouvel organisateur, ou celui qui existe déjà avec les mêmes informations.',
  'Organizers in order: IDs, objects with an id, data, or a mix.':
    'Les organisateurs dans l’ordre : identifiants, objets avec un id, données, ou un mélange.',
  'Radius of the distance search in kilometres (default 25).':
    'Rayon de la recherche par distance en kilomètres (25 par défaut).',
  'Read an event by its slug.': 'Lit un évènement par son slug.',
  'Read an event category.': 'Lit une catégorie d’évènements.',
  'Read an event tag.': 'Lit une étiquette d’évènements.',
  'Read an event.': 'Lit un évènement.',
  'Read one organizer.': 'Lit un organisateur.',
  'Read one venue.': 'Lit un lieu.',
  'Scope under which the request is made; determines fields present in response.':
    'Portée dans laquelle la requête est faite ; détermine les champs présents dans la réponse.',
  'Sort the results ascending or descending.':
    'Trie les résultats par ordre croissant ou décroissant.',
  'Sort the results by this term attribute.': 'Trie les résultats selon cet attribut du terme.',
  'Tag IDs, names or slugs; unknown names create tags, for users who may create them.':
    'Identifiants, noms ou slugs d’étiquettes ; les noms inconnus créent des étiquettes, pour qui peut en créer.',
  'The Events Calendar REST API': 'API REST de The Events Calendar',
  'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.':
    'L’API REST de The Events Calendar permet d’accéder simplement et commodément aux informations sur les évènements à venir.',
  'The ID of a venue.': 'L’identifiant d’un lieu.',
  'The ID of an organizer.': 'L’identifiant d’un organisateur.',
  'The ID of the user who authored it.': 'L’identifiant de l’utilisateur qui en est l’auteur.',
  'The OpenAPI 3 document of this namespace.': 'Le document OpenAPI 3 de cet espace de noms.',
  'The URL of an external image to register instead of uploading a file.':
    'L’URL d’une image externe à enregistrer au lieu d’envoyer un fichier.',
  'The archive page to return.': 'La page d’archive à renvoyer.',
  'The category.': 'La catégorie.',
  'The cost: text such as "20$" or a list of amounts.':
    'Le coût : un texte comme « 20$ » ou une liste de montants.',
  'The created category.': 'La catégorie créée.',
  'The created event.': 'L’évènement créé.',
  'The created organizer.': 'L’organisateur créé.',
  'The created tag.': 'L’étiquette créée.',
  'The created venue.': 'Le lieu créé.',
  'The deleted category.': 'La catégorie supprimée.',
  'The deleted tag.': 'L’étiquette supprimée.',
  'The description; HTML is limited to formatting tags.':
    'La description ; le HTML est limité aux balises de mise en forme.',
  'The end date and time, as wall time in the event time zone.':
    'La date et l’heure de fin, en heure locale du fuseau de l’évènement.',
  'The event slug.': 'Le slug de l’évènement.',
  'The event time zone: an IANA name such as Europe/Paris or an offset such as UTC+2; the site time zone when empty.':
    'Le fuseau horaire de l’évènement : un nom IANA comme Europe/Paris ou un décalage comme UTC+2 ; celui du site s’il est vide.',
  'The event, now in the trash.': 'L’évènement, désormais à la corbeille.',
  'The event.': 'L’évènement.',
  'The featured image: a media ID or an absolute image URL.':
    'L’image mise en avant : un identifiant de média ou l’URL absolue d’une image.',
  'The file name of a backup.': 'Le nom de fichier d’une sauvegarde.',
  'The id of a trashed event, venue or organizer.':
    'L’identifiant d’un évènement, lieu ou organisateur à la corbeille.',
  'The latitude, from -90 to 90, given or cleared together with geo_lng.':
    'La latitude, de -90 à 90, donnée ou effacée avec geo_lng.',
  'The longitude, from -180 to 180, given or cleared together with geo_lat.':
    'La longitude, de -180 à 180, donnée ou effacée avec geo_lat.',
  'Clears it.': 'L’efface.',
  'The media ID.': 'L’identifiant du média.',
  'The namespace index: every route of the namespace with its methods and arguments.':
    'L’index de l’espace de noms : chaque route de l’espace de noms avec ses méthodes et ses arguments.',
  'The namespace index: every route with its methods and arguments.':
    'L’index de l’espace de noms : chaque route avec ses méthodes et ses arguments.',
  'The namespace to describe.': 'L’espace de noms à décrire.',
  'The number of terms to return on each page (at most 50).':
    'Le nombre de termes à renvoyer par page (50 au plus).',
  'The numeric ID.': 'L’identifiant numérique.',
  'The object is already in the trash.': 'L’objet est déjà à la corbeille.',
  'The organizer, now in the trash.': 'L’organisateur, désormais à la corbeille.',
  'The organizer.': 'L’organisateur.',
  'The page of the trash to return.': 'La page de la corbeille à renvoyer.',
  'The page to return.': 'La page à renvoyer.',
  'The post status.': 'Le statut de publication.',
  'The publication date in UTC.': 'La date de publication en UTC.',
  'The publication date, in the site time zone.':
    'La date de publication, dans le fuseau horaire du site.',
  'The request body is larger than the server accepts.':
    'Le corps de la requête dépasse ce que le serveur accepte.',
  'The request line or headers are larger than the server accepts.':
    'La ligne de requête ou les en-têtes dépassent ce que le serveur accepte.',
  'The request needs authentication, or its credentials are wrong.':
    'La requête nécessite une authentification, ou ses identifiants sont faux.',
  'The methods of this route the caller may use.':
    'Les méthodes de cette route que l’appelant peut utiliser.',
  'The previous and next pages, as rel="prev" and rel="next" links.':
    'Les pages précédente et suivante, en liens rel="prev" et rel="next".',
  "The same as X-TEC-Total, under WordPress's name.":
    'La même valeur que X-TEC-Total, sous le nom de WordPress.',
  "The same as X-TEC-TotalPages, under WordPress's name.":
    'La même valeur que X-TEC-TotalPages, sous le nom de WordPress.',
  'The If-Match tag no longer names the current version: nothing was changed.':
    'L’étiquette If-Match ne désigne plus la version actuelle : rien n’a été modifié.',
  'Not modified: the If-None-Match tag still names the current answer.':
    'Non modifié : l’étiquette If-None-Match désigne toujours la réponse actuelle.',
  'A strong tag of this answer, for If-None-Match and If-Match.':
    'Une étiquette forte de cette réponse, pour If-None-Match et If-Match.',
  'Answer 304 without a body when this tag still names the answer.':
    'Répondre 304 sans corps quand cette étiquette désigne toujours la réponse.',
  'Change nothing and answer 412 unless this tag names the current version.':
    'Ne rien modifier et répondre 412 sauf si cette étiquette désigne la version actuelle.',
  'How many items match, on every page.': 'Combien d’éléments correspondent, sur chaque page.',
  'How many pages there are at this per_page.': 'Combien de pages il y a avec ce per_page.',
  'A login with its account password or one of its application passwords (the console’s App passwords screen).':
    'Un identifiant avec le mot de passe de son compte ou l’un de ses mots de passe d’application (écran App passwords de la console).',
  'A session token from POST /calendar/admin/v1/sessions.':
    'Un jeton de session obtenu par POST /calendar/admin/v1/sessions.',
  'The slug used in the event URL; made unique.':
    'Le slug utilisé dans l’URL de l’évènement ; rendu unique.',
  'The slug.': 'Le slug.',
  'The start date and time, as wall time in the event time zone.':
    'La date et l’heure de début, en heure locale du fuseau de l’évènement.',
  'The state or province; derived from state or province when omitted.':
    'L’État ou la province ; déduit de state ou province s’il est omis.',
  'The tag.': 'L’étiquette.',
  'The updated category.': 'La catégorie mise à jour.',
  'The updated event.': 'L’évènement mis à jour.',
  'The updated organizer.': 'L’organisateur mis à jour.',
  'The updated tag.': 'L’étiquette mise à jour.',
  'The updated venue.': 'Le lieu mis à jour.',
  'The user may not do this, or the object is not accessible.':
    'L’utilisateur n’a pas le droit de faire cela, ou l’objet n’est pas accessible.',
  'The venue, now in the trash.': 'Le lieu, désormais à la corbeille.',
  'The venue.': 'Le lieu.',
  'This OpenAPI document.': 'Ce document OpenAPI.',
  'Update a organizer; omitted fields are kept and "" clears one.':
    'Met à jour un organisateur ; les champs omis sont conservés et "" en vide un.',
  'Update a venue; omitted fields are kept and "" clears one.':
    'Met à jour un lieu ; les champs omis sont conservés et "" en vide un.',
  'Update an event by its slug; omitted fields keep their values.':
    'Met à jour un évènement par son slug ; les champs omis gardent leur valeur.',
  'Update an event category; omitted fields keep their values.':
    'Met à jour une catégorie d’évènements ; les champs omis gardent leur valeur.',
  'Update an event tag; omitted fields keep their values.':
    'Met à jour une étiquette d’évènements ; les champs omis gardent leur valeur.',
  'Update an event; omitted fields keep their values.':
    'Met à jour un évènement ; les champs omis gardent leur valeur.',
  'Venue data: a new venue, or the existing one with the same details.':
    'Les données d’un lieu : un nouveau lieu, ou celui qui existe déjà avec les mêmes informations.',
  'When true the dates are used at the exact times given; otherwise whole days.':
    'Si vrai, les dates sont prises aux heures exactes données ; sinon, à la journée entière.',
  'Whether to hide terms not assigned to any published event.':
    'S’il faut masquer les termes attribués à aucun évènement publié.',
  'How many objects to read per page (at most 200).':
    'Combien d’objets lire par page (au plus 200).',
  'Resume after this event ID (a sync token), like the Last-Event-ID header.':
    'Reprendre après cet identifiant d’évènement (un jeton de synchronisation), comme l’en-tête Last-Event-ID.',
  'The next_page_token of the previous page of this sync.':
    'Le next_page_token de la page précédente de cette synchronisation.',
  'The next_sync_token of an earlier sync: only what changed since.':
    'Le next_sync_token d’une synchronisation antérieure : seulement ce qui a changé depuis.',
  "The console's language for this user; empty follows the browser, then the site's language.":
    'La langue de la console pour cet utilisateur ; vide : celle du navigateur, sinon celle du site.',
  'Your current password, needed to change your own password.':
    'Votre mot de passe actuel, nécessaire pour changer votre propre mot de passe.',
  // Import options (docs/contract/extensions.md §E2).
  'The status of the events the import creates (draft, to review them before anyone sees them); the events it updates then keep theirs. Without it, events are published (private when the file says so).':
    'Le statut des évènements que l’import crée (draft, pour les relire avant que quiconque ne les voie) ; les évènements qu’il met à jour gardent alors le leur. Sans lui, les évènements sont publiés (privés quand le fichier le dit).',
  'A category ID added to every event the import creates or updates.':
    'L’identifiant d’une catégorie ajoutée à chaque évènement que l’import crée ou met à jour.',
  'An organizer ID added to every event the import creates or updates.':
    'L’identifiant d’un organisateur ajouté à chaque évènement que l’import crée ou met à jour.',
  // Recurring events (docs/contract/extensions.md §E1).
  'For an occurrence of a series: this one only, this one and the later ones (the series is split), all of them, or series: every part of a series that splits made (its series_parts), for changes other than dates, times and the rule.':
    'Pour une occurrence d’une série : celle-ci seulement, celle-ci et les suivantes (la série est scindée), toutes, ou series : toutes les parties d’une série scindée (ses series_parts), pour les changements autres que les dates, les heures et la règle.',
  'How the event repeats: RFC 5545 RRULE, EXDATE and RDATE lines (FREQ DAILY to YEARLY); an empty list ends the recurrence.':
    'Comment l’évènement se répète : lignes RRULE, EXDATE et RDATE de la RFC 5545 (FREQ de DAILY à YEARLY) ; une liste vide met fin à la répétition.',
  'Whether the event takes place: scheduled (the default), canceled or postponed. A canceled or postponed event stays listed.':
    'Si l’évènement a lieu : scheduled (prévu, par défaut), canceled (annulé) ou postponed (reporté). Un évènement annulé ou reporté reste listé.',
  'Why the event is canceled or postponed, as plain text; may be empty. Cleared when the status changes without a new reason.':
    'Pourquoi l’évènement est annulé ou reporté, en texte brut ; peut être vide. Effacé quand le statut change sans nouvelle raison.',
  'Always almanac-export.': 'Toujours almanac-export.',
  'The version of the format: 1.': 'La version du format : 1.',
  'Site settings that do not depend on the machine.':
    'Les réglages du site qui ne dépendent pas de la machine.',
  'Users, without credentials.': 'Les utilisateurs, sans identifiants.',
  'Media metadata.': 'Les métadonnées des médias.',
  'Event categories.': 'Les catégories d’évènements.',
  'Event tags.': 'Les étiquettes d’évènements.',
  'Venues.': 'Les lieux.',
  'Organizers.': 'Les organisateurs.',
  'Recurring series.': 'Les séries récurrentes.',
  'Events.': 'Les évènements.',
  'Report what the import would do without writing.':
    'Dire ce que l’import ferait, sans rien écrire.',
  'The address of a site that serves the reference API, such as https://example.org.':
    'L’adresse d’un site qui sert l’API de référence, comme https://example.org.',
  'A user of that site; without one only published content is read.':
    'Un utilisateur de ce site ; sans lui, seul le contenu publié est lu.',
  'That user’s password or application password.':
    'Le mot de passe ou le mot de passe d’application de cet utilisateur.',
  'A Unix timestamp, in seconds.': 'Un horodatage Unix, en secondes.',
  'A list of amounts.': 'Une liste de montants.',
  'An absolute http(s) image URL, kept as an external media item (for users who may publish).':
    'Une URL d’image http(s) absolue, gardée comme média externe (pour qui peut publier).',
  'ISO 8601 with a time zone offset.': 'ISO 8601 avec un décalage horaire.',
  'No image.': 'Pas d’image.',
  'Term IDs, names or slugs.': 'Identifiants, noms ou slugs de termes.',
  'The ID of an uploaded media item.': 'L’identifiant d’un média téléversé.',
  'The same as comma-separated text (at most 100); "" removes every term.':
    'La même chose en texte séparé par des virgules (100 au plus) ; "" retire tous les termes.',
  'YYYY-MM-DD HH:MM:SS (seconds optional) of a day that exists, the form the API answers with; words such as "tomorrow 9am" are understood too.':
    'AAAA-MM-JJ HH:MM:SS (secondes facultatives) d’un jour qui existe, la forme des réponses de l’API ; des mots comme « tomorrow 9am » sont aussi compris.',
  'YYYY-MM-DD: the whole day.': 'AAAA-MM-JJ : toute la journée.',
  // The admin search (docs/api).
  'How many results of each type to return (at most 20).':
    'Combien de résultats de chaque sorte renvoyer (au plus 20).',
  'The text to find: events by the words of their title, description or excerpt, venues and organizers by any field holding every word, terms by name or slug.':
    'Le texte à chercher : les évènements par les mots de leur titre, description ou extrait, les lieux et organisateurs par tout champ contenant chaque mot, les termes par nom ou par slug.',
};
