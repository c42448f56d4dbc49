/** French texts of the API explorer's own interface: ../en/explorer.ts's keys. */
import type { Translation } from '../catalogue';

export const explorerFr: Translation<'explorer'> = {
  explorer: {
    lead: 'Essayez n’importe quelle route de l’API. Les requêtes s’exécutent sur ce serveur.',
    leadFrom:
      'Essayez n’importe quelle route de l’API (d’après son {{source}}). Les requêtes s’exécutent sur ce serveur.',
    sources: { openapi: 'document OpenAPI', index: 'index des espaces de noms' },
    groups: { calendar: 'API du calendrier', admin: 'API d’administration' },
    copied: 'La commande curl est dans le presse-papiers.',
    copiedPlaceholder:
      'La commande curl est dans le presse-papiers, avec un emplacement réservé pour le jeton.',
    copyPrompt: 'Copiez la commande curl :',
    routesFailed: 'Impossible de charger la liste des routes.',
    loadingRoutes: 'Chargement des routes…',
    failed: 'La requête a échoué.',
    pick: 'Choisissez une route',
    pickText: 'Choisissez une méthode et un chemin à gauche, par exemple GET /events.',
    filter: 'Filtrer les routes',
    filterPlaceholder: 'Filtrer les routes…',
    notJson: 'JSON non valide : {{message}}',
    request: 'Requête',
    path: 'Chemin',
    query: 'Paramètres de requête',
    body: 'Corps (JSON)',
    fields: 'Champs :',
    requestBody: 'Corps de la requête',
    everyField: 'Exemple avec tous les champs',
    requiredOnly: 'Champs obligatoires seulement',
    sendAs: 'Envoyer en tant que',
    asMe: 'Moi',
    anonymously: 'Anonyme',
    copyCurl: 'Copier en curl',
    send: 'Envoyer',
    response: 'Réponse',
    allHeaders: 'Tous les en-têtes ({{count}})',
    emptyBody: '(corps vide)',
    tokenTitle: 'Copier votre jeton de session actif ?',
    tokenText:
      'Cette commande contient votre jeton de session : quiconque la lit peut agir en votre nom jusqu’à votre déconnexion. Les presse-papiers peuvent être lus par d’autres applications et synchronisés sur d’autres appareils. Copiez-la avec un emplacement réservé et collez plutôt un mot de passe d’application, sauf si vous l’utilisez tout de suite.',
    withPlaceholder: 'Copier avec un emplacement réservé',
    withToken: 'Copier avec mon jeton',
  },
};
