/** The console's whole catalogue in each language, every file merged (as the console loads them). */
import { coreEn } from '../../renderer/src/i18n/en/core';
import { adminPartEn } from '../../renderer/src/i18n/en/admin-part';
import { devicesEn } from '../../renderer/src/i18n/en/devices';
import { explorerEn } from '../../renderer/src/i18n/en/explorer';
import { importsEn } from '../../renderer/src/i18n/en/imports';
import { coreFr } from '../../renderer/src/i18n/fr/core';
import { adminPartFr } from '../../renderer/src/i18n/fr/admin-part';
import { devicesFr } from '../../renderer/src/i18n/fr/devices';
import { explorerFr } from '../../renderer/src/i18n/fr/explorer';
import { importsFr } from '../../renderer/src/i18n/fr/imports';

export type Tree = { [key: string]: string | Tree };

export const en = {
  ...coreEn,
  ...adminPartEn,
  ...explorerEn,
  ...devicesEn,
  ...importsEn,
} as unknown as Tree;
export const fr = {
  ...coreFr,
  ...adminPartFr,
  ...explorerFr,
  ...devicesFr,
  ...importsFr,
} as unknown as Tree;
