/**
 * English texts of the "Connect a device" and "Subscribe" screens, loaded with those screens.
 * `<code>` marks a value to type, `<b>` a button or menu to choose.
 */
const connectEn = {
  title: 'Connect a device',
  lead: 'Add this calendar to the calendar app of a phone, tablet or computer. Events added or changed there appear here, and the other way round.',
  whereTitle: '1. Where the device finds the calendar',
  address: 'Address for the device',
  addressHint: 'The device must be on the same network as this computer (the same Wi-Fi).',
  unreachableTitle: 'Phones cannot reach this calendar yet',
  unreachable:
    'LAN sharing is off, so this calendar only answers on this computer. Its address here (the one in this browser’s address bar) names, on a phone, the phone itself: it cannot reach this computer.',
  turnOnAdmin:
    'Turn on LAN sharing: in the menu choose Administration → LAN sharing, switch on “Share on the local network”, then come back here. The addresses appear by themselves.',
  turnOnOther:
    'Ask an administrator of this calendar to turn on LAN sharing (Administration → LAN sharing). The addresses then appear here by themselves.',
  openSharing: 'Open LAN sharing',
  fixedByConfig:
    'This server’s address is fixed by its start-up settings (--host or ALMANAC_HOST), so LAN sharing cannot be switched here. Whoever started the server can start it with a LAN address.',
  passwordTitle: '2. A password for this device',
  passwordLead:
    'Each device gets its own application password: you can revoke one device (a lost phone) without changing your password anywhere else.',
  deviceName: 'Device name',
  deviceNameHint: 'So you know later which password is which, for example “Ana’s iPhone”.',
  create: 'Create a password',
  created: 'Password for “{{name}}”. Type it on the device now: it is shown only this once.',
  userName: 'User name',
  password: 'Password',
  copy: 'Copy password',
  copied: 'Password copied.',
  copyFailed: 'Copy failed: select the password and copy it.',
  manage: 'See and revoke this account’s passwords',
  stepsTitle: '3. Set up the device',
  device: 'Device',
  devices: {
    ios: 'iPhone or iPad',
    mac: 'Mac',
    android: 'Android',
    thunderbird: 'Thunderbird',
    gnome: 'GNOME or Evolution',
  },
  serverUrl: 'Server address',
  needsAddress:
    'These steps need an address the device can reach: turn on LAN sharing first (step 1).',
  thisComputer:
    'Only for an app on this computer itself: <code>{{url}}</code>. Never give this address to a phone.',
  profileTitle: 'In one step: the configuration profile',
  profileQr: 'QR code that opens the configuration profile on the iPhone or iPad',
  iosProfile1:
    'Scan this code with the Camera of the iPhone or iPad, and open the link. Safari asks for a user name and password: type <code>{{login}}</code> and the password above.',
  iosProfile2: 'Choose <b>Allow</b> to download the profile.',
  iosProfile3:
    'Open <b>Settings</b>, tap <b>Profile Downloaded</b> near the top, then <b>Install</b>. When it asks for the account’s password, type the password above again.',
  byHand: 'Or by hand',
  ios1: 'Open <b>Settings</b> → <b>Apps</b> → <b>Calendar</b> → <b>Calendar Accounts</b> → <b>Add Account</b> → <b>Other</b> → <b>Add CalDAV Account</b>.',
  ios2: 'Server: <code>{{host}}</code>. User Name: <code>{{login}}</code>. Password: the password above. Tap <b>Next</b>.',
  ios3: 'If it says it cannot connect using SSL, tap <b>Continue</b>. If it still fails, open <b>Advanced Settings</b>: turn <b>Use SSL</b> off, Port <code>{{port}}</code>, Account URL <code>{{url}}</code>.',
  ios4: 'Keep <b>Calendars</b> switched on and tap <b>Save</b>. The calendar appears in the Calendar app.',
  macProfile:
    'Download the profile and open it, then in <b>System Settings</b> → <b>General</b> → <b>Device Management</b> (on older macOS: <b>Profiles</b>) double-click it and choose <b>Install</b>. Give the password above when asked.',
  download: 'Download the profile',
  downloadFailed: 'The profile could not be downloaded: {{message}}',
  mac1: 'In <b>Calendar</b>, choose <b>Calendar</b> → <b>Add Account…</b> → <b>Other CalDAV Account…</b>.',
  mac2: 'Account Type: <b>Manual</b>. User Name: <code>{{login}}</code>. Password: the password above. Server Address: <code>{{url}}</code>.',
  mac3: 'Choose <b>Sign In</b>. The calendar appears in the sidebar.',
  android1:
    'Install <b>DAVx⁵</b> (from F-Droid or Google Play): it adds CalDAV accounts to the phone’s own calendar.',
  android2: 'In DAVx⁵ tap <b>+</b> → <b>Login with URL and user name</b>.',
  android3:
    'Base URL: <code>{{url}}</code>. User name: <code>{{login}}</code>. Password: the password above. Tap <b>Login</b>, then <b>Create account</b>.',
  android4:
    'Tick the calendar in the account’s <b>CalDAV</b> tab. It appears in the phone’s Calendar app (Google Calendar on the phone shows it too, as a calendar of this phone).',
  thunderbird1:
    'In <b>Thunderbird</b>, open the calendar, then <b>New Calendar…</b> → <b>On the Network</b>.',
  thunderbird2:
    'Username: <code>{{login}}</code>. Location: <code>{{url}}</code>. Choose <b>Find Calendars</b>.',
  thunderbird3:
    'Give the password above when asked (let Thunderbird remember it), tick the calendar and choose <b>Subscribe</b>.',
  gnome1:
    'In <b>Evolution</b>, choose <b>File</b> → <b>New</b> → <b>Calendar</b>, and Type <b>CalDAV</b>.',
  gnome2:
    'URL: <code>{{url}}</code>. User: <code>{{login}}</code>. Choose <b>Find Calendars</b>, give the password above, pick the calendar and choose <b>OK</b>.',
  gnome3:
    'GNOME Calendar shows the calendars Evolution knows: the calendar appears there too, with no other step.',
};

const subscribeEn = {
  title: 'Subscribe',
  lead: 'Add this calendar, read-only, to a calendar app: new and changed events appear there by themselves. To add and change events from a phone or computer too, use Connect a device.',
  what: 'What to subscribe to',
  scopes: {
    all: 'The whole calendar',
    categories: 'One category',
    tags: 'One tag',
    venue: 'One venue',
    organizer: 'One organizer',
  },
  choose: 'Choose…',
  address: 'Address',
  addressHint: 'The address phones and other computers on the network use.',
  privateFeed: 'Private feed',
  privateHint:
    'Also drafts and private events you may read; the calendar app asks for your login and an app password.',
  openApp: 'Open in my calendar app',
  feedAddress: 'Feed address',
  copy: 'Copy link',
  copied: 'Address copied.',
  copyFailed: 'Copy failed: select the address and copy it.',
  qrTitle: 'QR code for {{url}}',
  qrCaption: 'Scan with a phone on the same network.',
  phonesOff:
    'Phones cannot use this address: LAN sharing is off, so the calendar only answers on this computer. Turn it on (Administration → LAN sharing) and a QR code for phones appears here.',
  phonesOffOther:
    'Phones cannot use this address: LAN sharing is off, so the calendar only answers on this computer. An administrator can turn it on (Administration → LAN sharing); a QR code for phones then appears here.',
  thisComputerOnly: 'For calendar apps on this computer only.',
  google:
    'Google Calendar cannot subscribe to this calendar: Google’s servers fetch subscribed calendars over the internet, and they cannot reach a server on a local network. On a phone, use its own calendar app instead: scan the QR code with an iPhone, or on Android add the address with ICSx⁵ (or connect the phone with DAVx⁵), and the phone’s calendar shows it.',
};

export const devicesEn = { connect: connectEn, subscribe: subscribeEn };
