/** The console's French texts: the same keys as en.ts (test/renderer/i18n/catalogues.test.ts). */
import type { Translation } from './types';

export const fr: Translation = {
  common: {
    all: 'Tous',
    cancel: 'Annuler',
    close: 'Fermer',
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    delete: 'Supprimer',
    undo: 'Annuler',
    loading: 'Chargement…',
    search: 'Chercher',
    never: 'Jamais',
    none: 'Aucun',
    yes: 'Oui',
    no: 'Non',
    back: 'Retour',
    next: 'Suivant',
    previous: 'Précédent',
    edit: 'Modifier',
    open: 'Ouvrir',
    create: 'Créer',
    name: 'Nom',
    actions: 'Actions',
    language: 'Langue',
  },
  app: {
    opening: 'Ouverture d’Almanac…',
    skip: 'Aller au contenu',
    menu: 'Menu',
    mainNav: 'Principal',
    signOut: 'Se déconnecter',
    version: 'Almanac {{version}}',
  },
  roles: {
    administrator: 'administrateur',
    editor: 'éditeur',
    author: 'auteur',
    contributor: 'contributeur',
    subscriber: 'abonné',
  },
  nav: {
    content: 'Contenu',
    developers: 'Développeurs',
    administration: 'Administration',
    calendar: 'Calendrier',
    events: 'Évènements',
    venues: 'Lieux',
    organizers: 'Organisateurs',
    categories: 'Catégories',
    tags: 'Étiquettes',
    subscribe: 'S’abonner',
    explorer: 'Explorateur d’API',
    users: 'Utilisateurs',
    passwords: 'Mots de passe d’application',
    settings: 'Réglages',
    sharing: 'Partage sur le réseau local',
    trash: 'Corbeille',
    backups: 'Sauvegardes',
    transfer: 'Exporter et importer',
    import: 'Importer',
  },
  theme: {
    system: 'Auto',
    light: 'Clair',
    dark: 'Sombre',
    label: 'Thème : {{theme}}. Changer de thème',
    title: 'Thème : {{theme}}',
  },
  signIn: {
    documentTitle: 'Connexion',
    title: 'Se connecter à Almanac',
    lead: 'Gérez votre calendrier et explorez son API.',
    login: 'Identifiant',
    password: 'Mot de passe',
    submit: 'Se connecter',
    helpSummary: 'Première visite ? D’où vient le mot de passe',
    help: 'À son premier démarrage, Almanac crée un administrateur : identifiant <code>admin</code> (ou la valeur de <code>ALMANAC_ADMIN_USER</code>) avec le mot de passe de <code>ALMANAC_ADMIN_PASSWORD</code> ou, s’il n’est pas défini, un mot de passe généré affiché une fois dans le terminal où le serveur a démarré (la ligne qui commence par « Administrator password »). L’application de bureau connecte son propriétaire sans mot de passe. Les autres personnes reçoivent leur identifiant d’un administrateur (Utilisateurs).',
  },
  elsewhere: {
    toCalendar: 'Aller au calendrier',
    goBack: 'Revenir en arrière',
    notFound: 'Page introuvable',
    noItem: {
      events:
        'Aucun évènement ne porte ce numéro : il a peut-être été supprimé définitivement, ou le lien est mal saisi.',
      venues:
        'Aucun lieu ne porte ce numéro : il a peut-être été supprimé définitivement, ou le lien est mal saisi.',
      organizers:
        'Aucun organisateur ne porte ce numéro : il a peut-être été supprimé définitivement, ou le lien est mal saisi.',
      categories:
        'Aucune catégorie ne porte ce numéro : elle a peut-être été supprimée définitivement, ou le lien est mal saisi.',
      tags: 'Aucune étiquette ne porte ce numéro : elle a peut-être été supprimée définitivement, ou le lien est mal saisi.',
      users:
        'Aucun utilisateur ne porte ce numéro : il a peut-être été supprimé définitivement, ou le lien est mal saisi.',
    },
    noPage:
      'Aucune page de la console ne se trouve à cette adresse. Elle a peut-être changé, ou le lien est mal saisi.',
    adminsOnly: 'Réservé aux administrateurs',
    adminsOnlyText:
      'Cette page est destinée aux administrateurs du calendrier. Demandez à l’un d’eux si vous avez besoin d’y changer quelque chose.',
    editorsOnly: 'Réservé aux éditeurs et aux administrateurs',
    editorsOnlyText:
      'Cette page est destinée aux éditeurs et aux administrateurs. Demandez à l’un d’eux si vous avez besoin d’importer quelque chose.',
  },
  languageChoice: {
    label: 'Langue de la console',
    auto: 'Celle de mon navigateur ({{language}})',
    en: 'English',
    fr: 'Français',
  },
};
