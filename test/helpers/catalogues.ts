/** The console's whole catalogue in each language, every file merged (as the console loads them). */
import { coreEn } from '../../renderer/src/i18n/en/core';
import { devicesEn } from '../../renderer/src/i18n/en/devices';
import { importsEn } from '../../renderer/src/i18n/en/imports';
import { coreFr } from '../../renderer/src/i18n/fr/core';
import { devicesFr } from '../../renderer/src/i18n/fr/devices';
import { importsFr } from '../../renderer/src/i18n/fr/imports';

export type Tree = { [key: string]: string | Tree };

export const en = { ...coreEn, ...devicesEn, ...importsEn } as unknown as Tree;
export const fr = { ...coreFr, ...devicesFr, ...importsFr } as unknown as Tree;
