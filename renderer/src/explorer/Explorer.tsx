/**
 * The API explorer: pick a route and method from the OpenAPI document (or the namespace
 * indexes), fill its parameters, send it as the signed-in user or anonymously, and read the
 * status, timing, size, headers and JSON. Any request can be copied as curl.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ErrorNote } from '../ui/ErrorNote';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toasts';
import { OperationList } from './OperationList';
import type { Operation } from './operations';
import { exampleBody, RequestForm } from './RequestForm';
import { ResponseView } from './ResponseView';
import { carriesToken, curlOf, send, type Draft } from './send';
import { useCurlWarning } from './CurlWarning';
import { useOperations } from './useOperations';
import './explorer.css';
import { useCatalogue, useT } from '../i18n';

const blank = (op: Operation): Draft => ({
  values: {},
  body: exampleBody(op, true),
  anonymous: false,
});

export default function Explorer() {
  useCatalogue('explorer');
  const t = useT();
  const toast = useToast();
  const { data, error, isPending } = useOperations();
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const call = useMutation({
    mutationFn: ({ op, draft }: { op: Operation; draft: Draft }) => send(op, draft),
  });
  const op = data?.operations.find((o) => o.key === selected) ?? null;
  const [warning, askCurl] = useCurlWarning();

  const select = (key: string) => {
    const next = data?.operations.find((o) => o.key === key);
    if (!next) return;
    setSelected(key);
    setDraft(blank(next));
    call.reset();
  };

  const run = () => {
    if (op && draft) call.mutate({ op, draft });
  };

  const copy = async () => {
    if (!op || !draft) return;
    const choice = carriesToken(op, draft) ? await askCurl() : 'token';
    if (choice === null) return;
    const text = curlOf(op, draft, choice === 'token');
    try {
      await navigator.clipboard.writeText(text);
      toast({
        tone: 'success',
        message: choice === 'token' ? t('explorer.copied') : t('explorer.copiedPlaceholder'),
      });
    } catch {
      window.prompt(t('explorer.copyPrompt'), text);
    }
  };

  return (
    <>
      <PageHeader title={t('nav.explorer')}>
        {data
          ? t('explorer.leadFrom', { source: t(`explorer.sources.${data.source}`) })
          : t('explorer.lead')}
      </PageHeader>
      {warning}
      <ErrorNote error={error} title={t('explorer.routesFailed')} />
      {isPending && <Spinner label={t('explorer.loadingRoutes')} />}
      {data && (
        <div className="explorer">
          <OperationList operations={data.operations} selected={selected} onSelect={select} />
          <div className="explorer__main">
            {op && draft ? (
              <>
                <RequestForm
                  op={op}
                  draft={draft}
                  onChange={setDraft}
                  onSend={run}
                  onCopy={() => void copy()}
                  busy={call.isPending}
                />
                <ErrorNote error={call.error} title={t('explorer.failed')} />
                {call.data && <ResponseView result={call.data} />}
              </>
            ) : (
              <div className="card empty">
                <h2>{t('explorer.pick')}</h2>
                <p>{t('explorer.pickText')}</p>
              </div>
            )}
          </div>
        </div>
      )}
    </>
  );
}
