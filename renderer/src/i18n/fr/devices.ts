/** French texts of the "Connect a device" and "Subscribe" screens: the keys of ../en/devices.ts. */
import type { Translation } from '../catalogue';

const connectFr: Translation<'devices'>['connect'] = {
  title: 'Connecter un appareil',
  lead: 'Ajoutez ce calendrier à l’application de calendrier d’un téléphone, d’une tablette ou d’un ordinateur. Les évènements ajoutés ou modifiés là-bas apparaissent ici, et inversement.',
  whereTitle: '1. Où l’appareil trouve le calendrier',
  address: 'Adresse pour l’appareil',
  addressHint: 'L’appareil doit être sur le même réseau que cet ordinateur (le même Wi-Fi).',
  unreachableTitle: 'Les téléphones ne peuvent pas encore joindre ce calendrier',
  unreachable:
    'Le partage sur le réseau local est désactivé : ce calendrier ne répond que sur cet ordinateur. Son adresse ici (celle de la barre d’adresse de ce navigateur) désigne, sur un téléphone, le téléphone lui-même : elle ne mène pas à cet ordinateur.',
  turnOnAdmin:
    'Activez le partage sur le réseau local : dans le menu, choisissez Administration → Partage sur le réseau local, activez « Partager sur le réseau local », puis revenez ici. Les adresses apparaissent d’elles-mêmes.',
  turnOnOther:
    'Demandez à un administrateur de ce calendrier d’activer le partage sur le réseau local (Administration → Partage sur le réseau local). Les adresses apparaîtront alors ici d’elles-mêmes.',
  openSharing: 'Ouvrir le partage sur le réseau local',
  fixedByConfig:
    'L’adresse de ce serveur est fixée par ses réglages de démarrage (--host ou ALMANAC_HOST) : le partage ne peut pas être changé ici. La personne qui a démarré le serveur peut le démarrer avec une adresse du réseau local.',
  passwordTitle: '2. Un mot de passe pour cet appareil',
  passwordLead:
    'Chaque appareil a son propre mot de passe d’application : vous pouvez révoquer un appareil (un téléphone perdu) sans changer votre mot de passe ailleurs.',
  deviceName: 'Nom de l’appareil',
  deviceNameHint:
    'Pour savoir plus tard quel mot de passe est lequel, par exemple « iPhone d’Ana ».',
  create: 'Créer un mot de passe',
  created:
    'Mot de passe pour « {{name}} ». Saisissez-le maintenant sur l’appareil : il n’est affiché qu’une fois.',
  userName: 'Nom d’utilisateur',
  password: 'Mot de passe',
  copy: 'Copier le mot de passe',
  copied: 'Mot de passe copié.',
  copyFailed: 'La copie a échoué : sélectionnez le mot de passe et copiez-le.',
  manage: 'Voir et révoquer les mots de passe de ce compte',
  stepsTitle: '3. Configurer l’appareil',
  device: 'Appareil',
  devices: {
    ios: 'iPhone ou iPad',
    mac: 'Mac',
    android: 'Android',
    thunderbird: 'Thunderbird',
    gnome: 'GNOME ou Evolution',
  },
  serverUrl: 'Adresse du serveur',
  needsAddress:
    'Ces étapes demandent une adresse que l’appareil peut joindre : activez d’abord le partage sur le réseau local (étape 1).',
  thisComputer:
    'Seulement pour une application de cet ordinateur même : <code>{{url}}</code>. Ne donnez jamais cette adresse à un téléphone.',
  profileTitle: 'En une étape : le profil de configuration',
  profileQr: 'QR code qui ouvre le profil de configuration sur l’iPhone ou l’iPad',
  iosProfile1:
    'Scannez ce code avec l’appareil photo de l’iPhone ou de l’iPad et ouvrez le lien. Safari demande un nom d’utilisateur et un mot de passe : saisissez <code>{{login}}</code> et le mot de passe ci-dessus.',
  iosProfile2: 'Choisissez <b>Autoriser</b> pour télécharger le profil.',
  iosProfile3:
    'Ouvrez <b>Réglages</b>, touchez <b>Profil téléchargé</b> en haut, puis <b>Installer</b>. Quand le mot de passe du compte est demandé, saisissez de nouveau le mot de passe ci-dessus.',
  byHand: 'Ou à la main',
  ios1: 'Ouvrez <b>Réglages</b> → <b>Apps</b> → <b>Calendrier</b> → <b>Comptes de calendrier</b> → <b>Ajouter un compte</b> → <b>Autre</b> → <b>Ajouter un compte CalDAV</b>.',
  ios2: 'Serveur : <code>{{host}}</code>. Nom d’utilisateur : <code>{{login}}</code>. Mot de passe : le mot de passe ci-dessus. Touchez <b>Suivant</b>.',
  ios3: 'S’il indique ne pas pouvoir se connecter avec SSL, touchez <b>Continuer</b>. Si cela échoue encore, ouvrez <b>Réglages avancés</b> : désactivez <b>Utiliser SSL</b>, port <code>{{port}}</code>, URL du compte <code>{{url}}</code>.',
  ios4: 'Laissez <b>Calendriers</b> activé et touchez <b>Enregistrer</b>. Le calendrier apparaît dans l’app Calendrier.',
  macProfile:
    'Téléchargez le profil et ouvrez-le, puis dans <b>Réglages Système</b> → <b>Général</b> → <b>Gestion des appareils</b> (sur les macOS plus anciens : <b>Profils</b>) double-cliquez dessus et choisissez <b>Installer</b>. Donnez le mot de passe ci-dessus quand il est demandé.',
  download: 'Télécharger le profil',
  downloadFailed: 'Le profil n’a pas pu être téléchargé : {{message}}',
  mac1: 'Dans <b>Calendrier</b>, choisissez <b>Calendrier</b> → <b>Ajouter un compte…</b> → <b>Autre compte CalDAV…</b>.',
  mac2: 'Type de compte : <b>Manuel</b>. Nom d’utilisateur : <code>{{login}}</code>. Mot de passe : le mot de passe ci-dessus. Adresse du serveur : <code>{{url}}</code>.',
  mac3: 'Choisissez <b>Se connecter</b>. Le calendrier apparaît dans la barre latérale.',
  android1:
    'Installez <b>DAVx⁵</b> (depuis F-Droid ou Google Play) : il ajoute des comptes CalDAV au calendrier du téléphone lui-même.',
  android2: 'Dans DAVx⁵, touchez <b>+</b> → <b>Connexion avec une URL et un nom d’utilisateur</b>.',
  android3:
    'URL de base : <code>{{url}}</code>. Nom d’utilisateur : <code>{{login}}</code>. Mot de passe : le mot de passe ci-dessus. Touchez <b>Se connecter</b>, puis <b>Créer un compte</b>.',
  android4:
    'Cochez le calendrier dans l’onglet <b>CalDAV</b> du compte. Il apparaît dans l’application Agenda du téléphone (Google Agenda sur le téléphone l’affiche aussi, comme calendrier de ce téléphone).',
  thunderbird1:
    'Dans <b>Thunderbird</b>, ouvrez l’agenda, puis <b>Nouvel agenda…</b> → <b>Sur le réseau</b>.',
  thunderbird2:
    'Nom d’utilisateur : <code>{{login}}</code>. Adresse : <code>{{url}}</code>. Choisissez <b>Rechercher des agendas</b>.',
  thunderbird3:
    'Donnez le mot de passe ci-dessus quand il est demandé (laissez Thunderbird le retenir), cochez le calendrier et choisissez <b>S’abonner</b>.',
  gnome1:
    'Dans <b>Evolution</b>, choisissez <b>Fichier</b> → <b>Nouveau</b> → <b>Agenda</b>, et le type <b>CalDAV</b>.',
  gnome2:
    'URL : <code>{{url}}</code>. Utilisateur : <code>{{login}}</code>. Choisissez <b>Trouver des agendas</b>, donnez le mot de passe ci-dessus, choisissez le calendrier puis <b>Valider</b>.',
  gnome3:
    'GNOME Agenda affiche les agendas que connaît Evolution : le calendrier y apparaît aussi, sans autre étape.',
};

const subscribeFr: Translation<'devices'>['subscribe'] = {
  title: 'S’abonner',
  lead: 'Ajoutez ce calendrier, en lecture seule, à une application de calendrier : les évènements nouveaux ou modifiés y apparaissent d’eux-mêmes. Pour aussi ajouter et modifier des évènements depuis un téléphone ou un ordinateur, utilisez Connecter un appareil.',
  what: 'À quoi s’abonner',
  scopes: {
    all: 'Tout le calendrier',
    categories: 'Une catégorie',
    tags: 'Une étiquette',
    venue: 'Un lieu',
    organizer: 'Un organisateur',
  },
  choose: 'Choisir…',
  address: 'Adresse',
  addressHint: 'L’adresse qu’utilisent les téléphones et les autres ordinateurs du réseau.',
  privateFeed: 'Flux privé',
  privateHint:
    'Aussi les brouillons et évènements privés que vous pouvez lire ; l’application de calendrier demande votre identifiant et un mot de passe d’application.',
  openApp: 'Ouvrir dans mon application de calendrier',
  feedAddress: 'Adresse du flux',
  copy: 'Copier le lien',
  copied: 'Adresse copiée.',
  copyFailed: 'La copie a échoué : sélectionnez l’adresse et copiez-la.',
  qrTitle: 'QR code de {{url}}',
  qrCaption: 'Scannez-le avec un téléphone du même réseau.',
  phonesOff:
    'Les téléphones ne peuvent pas utiliser cette adresse : le partage sur le réseau local est désactivé, le calendrier ne répond donc que sur cet ordinateur. Activez-le (Administration → Partage sur le réseau local) et un QR code pour les téléphones apparaîtra ici.',
  phonesOffOther:
    'Les téléphones ne peuvent pas utiliser cette adresse : le partage sur le réseau local est désactivé, le calendrier ne répond donc que sur cet ordinateur. Un administrateur peut l’activer (Administration → Partage sur le réseau local) ; un QR code pour les téléphones apparaîtra alors ici.',
  thisComputerOnly: 'Pour les applications de calendrier de cet ordinateur seulement.',
  google:
    'Google Agenda ne peut pas s’abonner à ce calendrier : les serveurs de Google récupèrent les calendriers par Internet, et ils ne peuvent pas joindre un serveur d’un réseau local. Sur un téléphone, utilisez plutôt son application de calendrier : scannez le QR code avec un iPhone, ou sur Android ajoutez l’adresse avec ICSx⁵ (ou connectez le téléphone avec DAVx⁵), et le calendrier du téléphone l’affiche.',
};

export const devicesFr: Translation<'devices'> = { connect: connectFr, subscribe: subscribeFr };
