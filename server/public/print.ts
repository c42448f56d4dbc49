/**
 * The public calendar's Print button. The pages run no script but this one, allowed by its hash
 * in the Content-Security-Policy: it shows the button (hidden without scripts, where it could do
 * nothing) and prints the page, whose print stylesheet keeps only the view.
 */
import { createHash } from 'node:crypto';

export const PRINT_SCRIPT =
  "for(const b of document.querySelectorAll('button[data-print]')){b.hidden=false;b.addEventListener('click',()=>window.print())}";

/** `'sha256-…'` of the script, as a CSP source. */
export const PRINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PRINT_SCRIPT).digest('base64')}'`;
