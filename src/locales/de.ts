// German: every text of every element. `import 'storefront-elements/locales/de.js'` (or, beside the self-contained
// files, `<script type="module" src=".../locales/de.js">`) adds it; elements under `lang="de"` (or `de-AT`, `de-CH`)
// then speak German.
import {
  type ErrorTranslation,
  type PagedTableTranslation,
  type SetupErrorTranslation,
  type SignInErrorTranslation,
  type Translation,
  addTranslation,
} from './translation.js';

const errors: ErrorTranslation = {
  retryLabel: 'Erneut versuchen',
  networkErrorText: 'Der Shop ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  chunkUnavailableText: 'Einige Dateien des Shops konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  invalidResponseText: 'Die Antwort des Shops konnte nicht gelesen werden. Bitte versuchen Sie es erneut.',
  invalidQueryText: 'Diese Liste kann mit den Einstellungen dieser Seite nicht angezeigt werden.',
  unsafeEndpointText: 'Der Shop hat eine Adresse geschickt, die nicht sicher zu öffnen ist.',
  unauthorizedText: 'Sie sind nicht angemeldet, oder Ihr Zugang ist abgelaufen.',
  forbiddenText: 'Dazu sind Sie nicht berechtigt.',
  serverErrorText: 'Beim Shop ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  httpErrorText: 'Der Shop hat die Anfrage abgelehnt (HTTP {status}).',
};

const setupErrors: SetupErrorTranslation = {
  unknownClientIdText: 'Der Shop hat die client-id „{clientId}“ abgelehnt.',
  wrongBaseUrlText: 'Unter {baseUrl} antwortet kein Shop: Die base-url scheint falsch zu sein.',
};

const signInErrors: SignInErrorTranslation = {
  stateMismatchText:
    'Diese Anmeldung konnte nicht bestätigt werden (sie ist vielleicht abgelaufen oder wurde schon verwendet). ' +
    'Bitte melden Sie sich erneut an.',
  idpErrorText: 'Die Anmeldung wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.',
  insecureContextText:
    'Die Anmeldung braucht eine sichere Seite: Liefern Sie diese Seite über https aus (oder von localhost).',
};

const table: PagedTableTranslation = {
  tableLabel: 'Mitglieder',
  nameLabel: 'Name',
  emailLabel: 'E-Mail',
  createdLabel: 'Erstellt',
  updatedLabel: 'Aktualisiert',
  idLabel: 'ID',
  pagesLabel: 'Seiten: {table}',
  firstPageLabel: 'Erste',
  previousPageLabel: 'Vorherige',
  nextPageLabel: 'Nächste',
  lastPageLabel: 'Letzte',
  pageSizeLabel: 'Zeilen pro Seite',
  pageStatusText: '{from}–{to} von {total}',
  noPageText: {
    one: 'Es gibt keine Seite {page}: Die Liste hat {count} Seite.',
    other: 'Es gibt keine Seite {page}: Die Liste hat {count} Seiten.',
  },
  loadingText: 'Wird geladen…',
  notConfiguredText: 'Warten auf die Adresse des Shops und ein Zugriffstoken für Betreiber.',
  ...errors,
  unauthorizedText:
    'Das Zugriffstoken für Betreiber fehlt, ist falsch oder abgelaufen. ' +
    'Holen Sie ein neues Token und versuchen Sie es erneut.',
};

const signIn: Translation['account-sign-in'] = {
  signInLabel: 'Anmelden mit {name}',
  signInFallbackLabel: 'Anmelden',
  signOutLabel: 'Abmelden',
  signInOptionsLabel: 'Anmeldeoptionen',
  signedInText: 'Angemeldet',
  signedInAccountsText: { one: 'Angemeldet · {count} Konto', other: 'Angemeldet · {count} Konten' },
  signedInForText: 'Angemeldet für {account}',
  loadingText: 'Anmeldeoptionen werden geladen…',
  completingText: 'Anmeldung wird abgeschlossen…',
  notConfiguredText: 'Für diesen Shop ist die Anmeldung noch nicht eingerichtet.',
  expiringText: 'Ihre Sitzung endet um {time} Uhr.',
  renewLabel: 'Angemeldet bleiben',
  renewingElsewhereText: 'Eine andere Registerkarte hält Sie angemeldet…',
  expiredText: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  rejectedText: 'Der Shop hat Ihre Sitzung beendet. Bitte melden Sie sich erneut an.',
  cancelledText: 'Die Anmeldung wurde nicht abgeschlossen.',
  missingAttributesText: {
    one: 'Setzen Sie das Attribut {attributes}.',
    other: 'Setzen Sie die Attribute {attributes}.',
  },
  ...errors,
  ...setupErrors,
  ...signInErrors,
};

export const de: Translation = {
  'account-sign-in': signIn,
  'account-menu': {
    ...signIn,
    signInMenuLabel: 'Anmelden',
    panelLabel: 'Ihr Konto',
    chooseAccountText: 'Konto wählen',
    accountsLabel: 'Konten',
    searchLabel: 'Konto finden',
    accountsCountText: { one: '{count} Konto', other: '{count} Konten' },
    noMatchText: 'Kein Konto passt zu „{query}“.',
    inAccountText: 'in {path}',
    noAccountsText: 'Der Shop hat Sie noch keinem Konto hinzugefügt.',
  },
  'account-picker': {
    listLabel: 'Konto',
    signedOutText: 'Melden Sie sich an, um ein Konto zu wählen.',
    noAccountsText:
      'Ihre Anmeldung hat geklappt, aber der Shop hat Sie noch keinem Konto hinzugefügt. ' +
      'Bitten Sie den Shop darum und melden Sie sich dann erneut an.',
  },
  'catalog-list': {
    listLabel: 'Kataloge',
    emptyText: 'Für dieses Konto sind keine Kataloge verfügbar.',
    loadingText: 'Kataloge werden geladen…',
    loadingMoreText: 'Weitere Kataloge werden geladen…',
    notConfiguredText: 'Warten auf die Adresse des Shops und eine Client-ID oder ein Zugriffstoken.',
    ownerLabel: 'Inhaber',
    updatedLabel: 'Aktualisiert',
    releasesCountText: { one: '{count} Version', other: '{count} Versionen' },
    releasesLabel: 'Versionen',
    releasesLoadingText: 'Versionen werden geladen…',
    fullPublishText: 'Vollständige Veröffentlichung: Diese Version enthält den ganzen Katalog.',
    updatePublishText:
      'Aktualisierung: Änderungen seit der vorigen Version, über die Daten gelegt, die Sie schon haben.',
    fullDeltaText: 'Vollständig ersetzen: Ersetzen Sie alles, was Sie zu diesem Katalog haben, durch diese Version.',
    incrementalDeltaText: 'Schrittweise: Wenden Sie diese Änderungen auf das an, was Sie zu diesem Katalog haben.',
    publishedLabel: 'Veröffentlicht',
    noPublishedDateText: 'Kein Veröffentlichungsdatum angegeben',
    retentionText: 'Nur die aktuelle Version und die zwei davor werden aufbewahrt.',
    noReleasesText: 'Dieser Katalog wurde noch nicht veröffentlicht.',
    loadedText: { one: '{count} Katalog', other: '{count} Kataloge' },
    ...errors,
    ...setupErrors,
  },
  'account-members': {
    ...table,
    tableLabel: 'Mitglieder des Shops',
    searchLabel: 'Suchen',
    clearLabel: 'Suche löschen',
    noMatchText: 'Keine Mitglieder passen zu „{value}“.',
    emptyText: 'Der Shop hat noch keine Mitglieder.',
  },
  'account-memberships': {
    ...table,
    tableLabel: 'Mitglieder dieses Kontos',
    createdLabel: 'Hinzugefügt',
    notConfiguredText: 'Warten auf die Adresse des Shops, eine Konto-ID und ein Zugriffstoken für Betreiber.',
    emptyText: 'Dieses Konto hat noch keine Mitglieder.',
    notMemberText: 'Das Mitglied {id} gehört nicht zu diesem Konto.',
    unknownAccountText: 'Dieses Konto gibt es nicht ({id}).',
    addLabel: 'Mitglied hinzufügen',
    addHeadingLabel: 'Ein Mitglied zu diesem Konto hinzufügen',
    findLabel: 'Mitglied finden',
    noCandidatesText: 'Alle Mitglieder des Shops gehören schon zu diesem Konto.',
    addConfirmLabel: 'Hinzufügen',
    cancelLabel: 'Abbrechen',
    addedText: '{name} ist jetzt Mitglied dieses Kontos.',
    alreadyMemberText: '{name} ist schon Mitglied dieses Kontos.',
  },
};

addTranslation('de', de);
