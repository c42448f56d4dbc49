/**
 * The console's English texts. Keys are grouped by screen; plurals use i18next's suffixes
 * (`_one`, `_other`, and `_many` where French needs it), `{{name}}` is an interpolated value.
 * fr.ts must have the same keys (test/renderer/i18n/catalogues.test.ts).
 */
export const en = {
  common: {
    all: 'All',
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    saving: 'Saving…',
    delete: 'Delete',
    undo: 'Undo',
    loading: 'Loading…',
    search: 'Search',
    never: 'Never',
    none: 'None',
    yes: 'Yes',
    no: 'No',
    back: 'Back',
    next: 'Next',
    previous: 'Previous',
    edit: 'Edit',
    open: 'Open',
    create: 'Create',
    name: 'Name',
    actions: 'Actions',
    language: 'Language',
  },
  app: {
    opening: 'Opening Almanac…',
    skip: 'Skip to content',
    menu: 'Menu',
    mainNav: 'Main',
    signOut: 'Sign out',
    version: 'Almanac {{version}}',
  },
  roles: {
    administrator: 'administrator',
    editor: 'editor',
    author: 'author',
    contributor: 'contributor',
    subscriber: 'subscriber',
  },
  nav: {
    content: 'Content',
    developers: 'Developers',
    administration: 'Administration',
    calendar: 'Calendar',
    events: 'Events',
    venues: 'Venues',
    organizers: 'Organizers',
    categories: 'Categories',
    tags: 'Tags',
    subscribe: 'Subscribe',
    explorer: 'API explorer',
    users: 'Users',
    passwords: 'App passwords',
    settings: 'Settings',
    sharing: 'LAN sharing',
    trash: 'Trash',
    backups: 'Backups',
    transfer: 'Export and import',
    import: 'Import',
  },
  theme: {
    system: 'Auto',
    light: 'Light',
    dark: 'Dark',
    label: 'Theme: {{theme}}. Change theme',
    title: 'Theme: {{theme}}',
  },
  signIn: {
    documentTitle: 'Sign in',
    title: 'Sign in to Almanac',
    lead: 'Manage your calendar and explore its API.',
    login: 'Login',
    password: 'Password',
    submit: 'Sign in',
    helpSummary: 'First time here? Where the password comes from',
    help: 'On its first start Almanac creates an administrator: login <code>admin</code> (or the value of <code>ALMANAC_ADMIN_USER</code>) with the password in <code>ALMANAC_ADMIN_PASSWORD</code>, or, when that is not set, a generated password printed once in the terminal where the server started (the line that begins “Administrator password”). The desktop app signs its owner in without one. Other people get their login from an administrator (Users).',
  },
  elsewhere: {
    toCalendar: 'Go to the calendar',
    goBack: 'Go back',
    notFound: 'Page not found',
    noItem: {
      events:
        'There is no event with this number: it may have been deleted for good, or the link may be mistyped.',
      venues:
        'There is no venue with this number: it may have been deleted for good, or the link may be mistyped.',
      organizers:
        'There is no organizer with this number: it may have been deleted for good, or the link may be mistyped.',
      categories:
        'There is no category with this number: it may have been deleted for good, or the link may be mistyped.',
      tags: 'There is no tag with this number: it may have been deleted for good, or the link may be mistyped.',
      users:
        'There is no user with this number: it may have been deleted for good, or the link may be mistyped.',
    },
    noPage:
      'No console page lives at this address. It may have moved, or the link may be mistyped.',
    adminsOnly: 'Administrators only',
    adminsOnlyText:
      'This page is for the calendar’s administrators. Ask one of them if you need something changed here.',
    editorsOnly: 'Editors and administrators only',
    editorsOnlyText:
      'This page is for editors and administrators. Ask one of them if you need something imported.',
  },
  languageChoice: {
    label: 'Console language',
    auto: 'As my browser ({{language}})',
    en: 'English',
    fr: 'Français',
  },
};

export type Catalogue = typeof en;
