import { JsonView, darkStyles, defaultStyles } from 'react-json-view-lite';
import { useEffect, useRef } from 'react';
import 'react-json-view-lite/dist/index.css';
import { TermList } from '../ui/TermList';
import type { Sent } from './send';

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

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

export function ResponseView({ result }: { result: Sent }) {
  const box = useRef<HTMLElement>(null);
  // A long form pushes the answer below the fold: bring it into view when it arrives.
  useEffect(() => {
    // Newer browsers return a promise here, which must not become the effect's cleanup.
    void box.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [result]);
  const tone = result.status < 300 ? 'ok' : result.status < 500 ? 'warn' : 'bad';
  const key = result.headers.filter(([name]) => INTERESTING.includes(name));
  return (
    <section ref={box} className="card explorer__response" aria-label="Response" aria-live="polite">
      <div className="explorer__stats">
        <span className={`status status--${tone}`} data-testid="response-status">
          {result.status} {result.statusText}
        </span>
        <span>{result.ms} ms</span>
        <span>{size(result.bytes)}</span>
      </div>
      {key.length > 0 && <TermList className="explorer__headers" items={key} />}
      <details>
        <summary>All headers ({result.headers.length})</summary>
        <TermList className="explorer__headers" items={result.headers} />
      </details>
      <div className="explorer__json">
        {result.json !== undefined && typeof result.json === 'object' && result.json !== null ? (
          <JsonView
            data={result.json as object}
            shouldExpandNode={(level) => level < 3}
            style={prefersDark() ? darkStyles : defaultStyles}
          />
        ) : (
          <pre>{result.text || '(empty body)'}</pre>
        )}
      </div>
    </section>
  );
}
