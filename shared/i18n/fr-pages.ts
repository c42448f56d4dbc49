/** The French fixed words of the public pages (server/public/labels.ts). */
export const frPages: Readonly<Record<string, string>> = {
  Canceled: 'Annulé',
  Categories: 'Catégories',
  Cost: 'Prix',
  'E-mail': 'Courriel',
  'Event category': 'Catégorie d’évènements',
  'Event tag': 'Étiquette d’évènements',
  'Next page': 'Page suivante',
  'No upcoming events.': 'Aucun évènement à venir.',
  'Not found': 'Page introuvable',
  'Open the console': 'Ouvrir la console',
  Organizers: 'Organisateurs',
  Phone: 'Téléphone',
  Postponed: 'Reporté',
  'Previous page': 'Page précédente',
  Tags: 'Étiquettes',
  'This page does not exist or is not published.': 'Cette page n’existe pas ou n’est pas publiée.',
  'This page in the REST API': 'Cette page dans l’API REST',
  'Upcoming events': 'Évènements à venir',
  Venue: 'Lieu',
  Website: 'Site web',
  Events: 'Évènements',
  'Calendar views': 'Vues du calendrier',
  List: 'Liste',
  Month: 'Mois',
  'Search events': 'Chercher des évènements',
  Search: 'Chercher',
  'Results for “%s”': 'Résultats pour « %s »',
  Pages: 'Pages',
  Months: 'Mois',
  'No events this month.': 'Aucun évènement ce mois-ci.',
  'This month has more events than one page shows: narrow it with a category or a search.':
    'Ce mois compte plus d’évènements qu’une page n’en montre : affinez avec une catégorie ou une recherche.',
  Subscribe: 'S’abonner',
  'Add to my calendar app': 'Ajouter à mon application de calendrier',
  'Or copy this address into Google Calendar, Outlook or Thunderbird:':
    'Ou copiez cette adresse dans Google Agenda, Outlook ou Thunderbird :',
  'Calendar apps check it every hour and show new and changed events by themselves.':
    'Les applications de calendrier la consultent toutes les heures et affichent d’elles-mêmes les évènements nouveaux ou modifiés.',
  'QR code of the calendar’s address': 'QR code de l’adresse du calendrier',
  'Scan with a phone on the same network to subscribe.':
    'Scannez-le avec un téléphone du même réseau pour vous abonner.',
  'Or copy this address into Outlook, Thunderbird or another calendar app:':
    'Ou copiez cette adresse dans Outlook, Thunderbird ou une autre application de calendrier :',
  'Google Calendar cannot subscribe to this calendar: Google’s servers fetch subscribed calendars over the internet and cannot reach a server on a local network. On a phone, use its own calendar app: scan the QR code with an iPhone, or add the address on Android with ICSx⁵.':
    'Google Agenda ne peut pas s’abonner à ce calendrier : les serveurs de Google récupèrent les calendriers par Internet et ne peuvent pas joindre un serveur d’un réseau local. Sur un téléphone, utilisez son application de calendrier : scannez le QR code avec un iPhone, ou ajoutez l’adresse sur Android avec ICSx⁵.',
  'Phones cannot open this address: it names this computer only. To subscribe from a phone, the person who runs this calendar turns on LAN sharing; a QR code then appears here.':
    'Les téléphones ne peuvent pas ouvrir cette adresse : elle ne désigne que cet ordinateur. Pour s’abonner depuis un téléphone, la personne qui gère ce calendrier active le partage sur le réseau local ; un QR code apparaît alors ici.',
};
