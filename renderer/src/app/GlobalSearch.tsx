/**
 * The console's one search box: events, venues, organizers, categories and tags at once
 * (GET /admin/v1/search), results grouped by type. A combobox with a grouped listbox: arrows move
 * through every result, Enter opens the active one (the first when none is), Escape closes, and
 * "/" anywhere else puts the focus here.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SearchAnswer, SearchHit } from '../../../shared/schemas/wire/admin';
import { admin, api } from '../api/client';
import { decodeEntities } from '../api/resources';
import { useDebounced } from '../lists/useDebounced';
import { BASE, navigate } from './router';
import { StatusBadge } from '../ui/StatusBadge';
import '../ui/combobox.css';
import { t, type MessageKey } from '../i18n';

const GROUP_NAMES: Record<SearchHit['type'], MessageKey> = {
  event: 'nav.events',
  venue: 'nav.venues',
  organizer: 'nav.organizers',
  category: 'nav.categories',
  tag: 'nav.tags',
};
/** Shorter texts match too much to be useful, and the full-text index skips one-letter words. */
const MIN_LENGTH = 2;

export function GlobalSearch({ onOpen }: { onOpen(): void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 200);
  const results = useQuery({
    queryKey: ['admin-search', q],
    queryFn: ({ signal }) =>
      api<SearchAnswer>(admin('search'), { query: { q, per_type: 5 }, signal }),
    enabled: q.length >= MIN_LENGTH,
    staleTime: 10_000,
  });
  const groups = (results.data?.groups ?? []).filter((group) => group.items.length > 0);
  const hits = groups.flatMap((group) => group.items);
  const showing = expanded && q.length >= MIN_LENGTH;
  const optionId = (index: number) => `${id}-hit-${index}`;

  useEffect(() => {
    const onSlash = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key !== '/' || typing || event.metaKey || event.ctrlKey || event.altKey) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onSlash);
    return () => document.removeEventListener('keydown', onSlash);
  }, []);

  const open = (hit: SearchHit) => {
    setText('');
    setExpanded(false);
    onOpen();
    navigate(hit.link.startsWith(BASE) ? hit.link.slice(BASE.length) : hit.link);
  };

  const keys: Record<string, () => void> = {
    ArrowDown: () => {
      setExpanded(true);
      setActive((index) => Math.min(index + 1, hits.length - 1));
    },
    ArrowUp: () => setActive((index) => Math.max(index - 1, 0)),
    Home: () => setActive(0),
    End: () => setActive(Math.max(hits.length - 1, 0)),
    Enter: () => {
      const hit = hits[active] ?? hits[0];
      if (hit) open(hit);
    },
    Escape: () => {
      if (expanded) setExpanded(false);
      else setText('');
    },
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const act = keys[event.key];
    if (!act || event.nativeEvent.isComposing) return;
    if ((event.key === 'Home' || event.key === 'End') && !showing) return;
    if (event.key === 'Escape' && !expanded && text === '') return;
    // Also tells the phone menu that this Escape was the search's own.
    event.preventDefault();
    act();
  };

  let index = -1;
  return (
    <div className="global-search" role="search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={`${id}-list`}
        aria-activedescendant={showing && hits[active] ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        autoComplete="off"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setExpanded(true);
          setActive(0);
        }}
        onFocus={() => setExpanded(true)}
        onBlur={() => setExpanded(false)}
        onKeyDown={onKeyDown}
      />
      <div className="combobox__popup global-search__popup" hidden={!showing}>
        <div id={`${id}-list`} role="listbox" aria-label={t('search.results')}>
          {groups.map((group) => (
            <div key={group.type} role="group" aria-labelledby={`${id}-${group.type}`}>
              <div id={`${id}-${group.type}`} className="global-search__group" role="presentation">
                {t(GROUP_NAMES[group.type])}
              </div>
              {group.items.map((hit) => {
                index += 1;
                const mine = index;
                return (
                  <div
                    key={`${hit.type}-${hit.id}`}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    className="global-search__hit"
                    // Keep the focus in the box: the click must not blur it first.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => open(hit)}
                  >
                    <span>{decodeEntities(hit.title) || t('ui.untitled')}</span>
                    {hit.status !== 'publish' && <StatusBadge status={hit.status} />}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <p className="global-search__note" role="status">
          {results.isFetching && hits.length === 0
            ? t('search.searching')
            : results.isError
              ? t('search.failed')
              : results.data && hits.length === 0
                ? t('search.nothing', { query: q })
                : ''}
        </p>
      </div>
    </div>
  );
}
