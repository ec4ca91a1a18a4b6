import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SegmentDefinition } from '#common/contract/segment-definition';
import type { SegmentInfo } from '#common/contract/segments';
import { ruAdminSegments as t } from '#web/i18n/ru-admin-segments';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import { SavedSegments, SEGMENTS } from './saved-segments';
import { DefinitionEditor, SegmentCount } from './segment-editor';
import segmentsCss from './segments.css?url';

const OPTIONS = ['admin', 'segments', 'options'] as const;
const EMPTY: SegmentDefinition = { match: 'all', conditions: [] };

interface Draft {
  id: string | null;
  name: string;
  definition: SegmentDefinition;
}
const NEW_DRAFT: Draft = { id: null, name: '', definition: EMPTY };

function save(draft: Draft) {
  const body = { name: draft.name, definition: draft.definition };
  return draft.id
    ? adminApi().request('PATCH /api/operator/segments/:segmentId', { params: { segmentId: draft.id }, body })
    : adminApi().request('POST /api/operator/segments', { body });
}

/** `/admin/segments` (decision 075): build a segment with its live count, save it, and the saved ones. */
export function SegmentsPage() {
  const canWrite = useCan('segments.write');
  const options = useQuery({
    queryKey: OPTIONS,
    queryFn: () => adminApi().request('GET /api/operator/segments/options'),
  });
  const list = useQuery({
    queryKey: SEGMENTS,
    queryFn: () => adminApi().request('GET /api/operator/segments'),
  });
  const [draft, setDraft] = useState<Draft>(NEW_DRAFT);
  const saving = useAction({
    run: async (next: Draft) => {
      const saved = await save(next);
      setDraft({ id: saved.id, name: saved.name, definition: saved.definition });
    },
    done: () => t.saved,
    invalidate: [SEGMENTS],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.run(draft);
  };
  const edit = (segment: SegmentInfo) => {
    saving.reset();
    setDraft({ id: segment.id, name: segment.name, definition: segment.definition });
  };

  return (
    <>
      {/* This screen's own stylesheet, beside the console's console.css (React hoists it). */}
      <link rel="stylesheet" href={segmentsCss} precedence="default" />
      <h1>{t.heading}</h1>
      <p className="admin-muted">{t.lead}</p>
      <section aria-label={draft.id ? t.editorEdit(draft.name) : t.editorNew}>
        <h2>{draft.id ? t.editorEdit(draft.name) : t.editorNew}</h2>
        {options.data && (
          <form onSubmit={submit} className="segment-form">
            <DefinitionEditor
              definition={draft.definition}
              options={options.data}
              onChange={(definition) => setDraft({ ...draft, definition })}
            />
            <SegmentCount definition={draft.definition} />
            {canWrite && (
              <div className="segment-save">
                <Field
                  label={t.name}
                  required
                  maxLength={100}
                  value={draft.name}
                  onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                />
                <div className="admin-actions">
                  <button className="admin-button" disabled={saving.pending}>
                    {draft.id ? t.saveChanges : t.save}
                  </button>
                  {draft.id && (
                    <button
                      type="button"
                      className="admin-button admin-button-quiet"
                      onClick={() => setDraft(NEW_DRAFT)}
                    >
                      {t.startNew}
                    </button>
                  )}
                </div>
              </div>
            )}
            <ActionStatus action={saving} />
          </form>
        )}
      </section>
      <SavedSegments list={list} onEdit={edit} onDeleted={(id) => id === draft.id && setDraft(NEW_DRAFT)} />
    </>
  );
}
