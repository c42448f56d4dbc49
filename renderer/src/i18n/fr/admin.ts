/** French texts of the administration screens about people and the site: ../en/admin.ts's keys. */
import type { Translation } from '../catalogue';

export const adminFr: Translation<'admin'> = {
  users: {
    lead: 'Les personnes qui peuvent se connecter, et ce que leur rôle leur permet.',
    login: 'Identifiant',
    displayName: 'Nom affiché',
    email: 'Courriel',
    role: 'Rôle',
    password: 'Mot de passe',
    passwordHint: 'Au moins 8 caractères.',
    keepPassword: 'Laissez vide pour garder le mot de passe actuel.',
    currentPassword: 'Mot de passe actuel',
    currentPasswordHint:
      'Nécessaire pour changer votre propre mot de passe ; vos autres sessions sont alors déconnectées.',
    roles: {
      administrator: 'Administrateur',
      editor: 'Éditeur',
      author: 'Auteur',
      contributor: 'Contributeur',
      subscriber: 'Abonné',
    },
    created: '{{login}} créé.',
    add: 'Ajouter un utilisateur',
    addButton: 'Ajouter l’utilisateur',
    saved: 'Enregistré.',
    loadFailed: 'Impossible de charger cet utilisateur.',
    all: '← Tous les utilisateurs',
    registered: 'Inscrit {{when}}',
    user: 'Utilisateur',
    confirmDelete: 'Supprimer {{login}} ?',
    delete: 'Supprimer l’utilisateur',
  },
  passwords: {
    title: 'Mots de passe d’application',
    lead: 'Permettez à des scripts et à d’autres applications d’utiliser l’API en votre nom, sans le mot de passe de votre compte.',
    yours: 'Vos mots de passe',
    usage:
      'Pour les scripts et les autres applications : HTTP Basic avec <code>{{login}}</code> et l’un de ces mots de passe.',
    usageNoLogin:
      'Pour les scripts et les autres applications : HTTP Basic avec l’identifiant et l’un de ces mots de passe.',
    copied: 'Mot de passe copié.',
    copyFailed: 'La copie a échoué : sélectionnez le texte et copiez-le.',
    fresh:
      '<strong>{{name}}</strong> : copiez ce mot de passe maintenant, il ne sera plus affiché.',
    copy: 'Copier',
    done: 'Terminé',
    newName: 'Nom du nouveau mot de passe',
    newNamePlaceholder: 'par ex. Widget du site',
    create: 'Créer un mot de passe',
    none: 'Aucun mot de passe d’application pour l’instant.',
    created: 'Créé',
    lastUsed: 'Dernière utilisation',
    revoke: 'Révoquer',
    confirmRevoke: 'Révoquer « {{name}} » ?',
  },
  settings: {
    lead: 'Les réglages par défaut du calendrier et de son API, pour tout le site.',
    perPage: 'Éléments par page',
    perPageHint: 'Taille de page par défaut des listes, de 1 à 50.',
    languageHint:
      'La langue du site : les descriptions de l’API, les pages publiques, et la console pour un navigateur dans une autre langue.',
    currencySymbol: 'Symbole monétaire',
    currencyCode: 'Code de devise',
    currencyCodeHint: 'Trois lettres, comme EUR.',
    position: 'Position du symbole',
    prefix: 'Avant le montant ($20)',
    postfix: 'Après le montant (20 €)',
    publicUrl: 'Adresse publique',
    publicUrlHint:
      'Utilisée dans les liens que renvoie l’API ; vide : l’adresse utilisée par chaque requête.',
    cors: 'Origines CORS autorisées',
    corsHint: 'Une origine par ligne, comme https://example.org.',
    zoneHint:
      'Utilisé pour les nouveaux évènements enregistrés sans fuseau, pour les dates des listes et des flux, et pour l’affichage par défaut du calendrier. Le changer ne déplace aucun évènement existant : chacun garde le fuseau avec lequel il a été enregistré et son heure exacte.',
    saved: 'Réglages enregistrés.',
    overridden:
      'Fixé sur la ligne de commande ou dans l’environnement : les changements faits ici attendront qu’il ne le soit plus : {{names}}.',
    save: 'Enregistrer les réglages',
    desktop: 'Application de bureau',
    startAtLogin: 'Lancer à l’ouverture de session',
    startAtLoginHint:
      'Almanac s’ouvre quand vous ouvrez une session sur cet ordinateur : le calendrier est toujours servi.',
    refused: 'Le système n’a pas accepté le changement.',
  },
  sharing: {
    lead: 'Permettez aux téléphones et aux autres ordinateurs de votre réseau d’ouvrir cette console et l’API.',
    share: 'Partager sur le réseau local',
    shareHint:
      'Désactivé : seul cet ordinateur peut se connecter. Activé : le serveur écoute aussi sur ses adresses du réseau local.',
    fixed: 'L’adresse est fixée par --host ou ALMANAC_HOST.',
    addresses: 'Adresses',
    noAddress: 'Aucune adresse locale trouvée : cet ordinateur est-il sur un réseau ?',
    off: 'Activez le partage pour voir les adresses que d’autres peuvent utiliser.',
    thisComputer: 'Cet ordinateur : {{url}}',
    qrLabel: 'Code QR de l’adresse de la console',
    qrTitle: 'Code QR de {{url}}',
    scan: 'Scannez-le avec un téléphone sur le même réseau.',
    qrOff: 'Le code QR apparaît quand le partage est activé',
  },
};
