import { JsonView, darkStyles, defaultStyles } from 'react-json-view-lite';
import { useEffect, useRef } from 'react';
import 'react-json-view-lite/dist/index.css';
import { TermList } from '../ui/TermList';
import type { Sent } from './send';
import { consoleLocale, useT } from '../i18n';

const INTERESTING = [
  'x-tec-total',
  'x-tec-totalpages',
  'x-wp-total',
  'x-wp-totalpages',
  'content-type',
  'link',
  'etag',
  'location',
];

function prefersDark(): boolean {
  const theme = document.documentElement.dataset.theme;
  if (theme) return theme === 'dark';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/** An answer's size in the console's locale ("512 byte", "1.5 kB" / "1,5 ko"). */
const size = (bytes: number) =>
  new Intl.NumberFormat(consoleLocale(), {
    style: 'unit',
    unit: bytes < 1024 ? 'byte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes < 1024 ? bytes : bytes / 1024);

export function ResponseView({ result }: { result: Sent }) {
  const t = useT();
  const box = useRef<HTMLElement>(null);
  // A long form pushes the answer below the fold: bring it into view when it arrives.
  useEffect(() => {
    // Newer browsers return a promise here, which must not become the effect's cleanup.
    void box.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [result]);
  const tone = result.status < 300 ? 'ok' : result.status < 500 ? 'warn' : 'bad';
  const key = result.headers.filter(([name]) => INTERESTING.includes(name));
  return (
    <section
      ref={box}
      className="card explorer__response"
      aria-label={t('explorer.response')}
      aria-live="polite"
    >
      <div className="explorer__stats">
        <span className={`status status--${tone}`} data-testid="response-status" translate="no">
          {result.status} {result.statusText}
        </span>
        <span>
          {new Intl.NumberFormat(consoleLocale(), {
            style: 'unit',
            unit: 'millisecond',
            unitDisplay: 'short',
          }).format(result.ms)}
        </span>
        <span>{size(result.bytes)}</span>
      </div>
      {key.length > 0 && (
        <div translate="no">
          <TermList className="explorer__headers" items={key} />
        </div>
      )}
      <details>
        <summary>{t('explorer.allHeaders', { count: result.headers.length })}</summary>
        <div translate="no">
          <TermList className="explorer__headers" items={result.headers} />
        </div>
      </details>
      <div className="explorer__json" translate="no">
        {result.json !== undefined && typeof result.json === 'object' && result.json !== null ? (
          <JsonView
            data={result.json as object}
            shouldExpandNode={(level) => level < 3}
            style={prefersDark() ? darkStyles : defaultStyles}
          />
        ) : (
          <pre>{result.text || t('explorer.emptyBody')}</pre>
        )}
      </div>
    </section>
  );
}
