import type { Action, FaqQuestion, NewsItem } from '#common/contract/content';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi } from '../api';
import { isoDayToRu, useBrandDates } from '../dates';
import { DateTimeInput, DayInput } from './date-inputs';
import { errorAt, idsToText, TextArea, TextInput, textToIds } from './form-fields';
import { ItemsEditor, type ItemFormProps } from './items-editor';
import { PicturePicker } from './picture-picker';

const t = ruAdminContent;

type Body<T> = Omit<T, 'id'>;

function NewsForm({ value, onChange, errors }: ItemFormProps<Body<NewsItem>>) {
  const set = (patch: Partial<Body<NewsItem>>) => onChange({ ...value, ...patch });
  return (
    <>
      <TextInput
        label={t.news.title}
        value={value.title}
        error={errors.title}
        onValue={(title) => set({ title })}
      />
      <DateTimeInput
        label={t.news.date}
        value={value.date}
        error={errors.date}
        onValue={(date) => set({ date })}
      />
      <TextArea
        label={t.news.preview}
        rows={2}
        value={value.preview}
        error={errors.preview}
        onValue={(preview) => set({ preview })}
      />
      <TextArea
        label={t.news.text}
        rows={6}
        value={value.text}
        error={errors.text}
        onValue={(text) => set({ text })}
      />
      <PicturePicker
        label={t.news.images}
        value={value.images}
        error={errorAt(errors, 'images')}
        onValue={(images) => set({ images })}
      />
      <TextInput
        label={t.news.pointIds}
        value={idsToText(value.pointIds)}
        error={errorAt(errors, 'pointIds')}
        onValue={(v) => set({ pointIds: textToIds(v) })}
      />
    </>
  );
}

export function NewsEditor() {
  const when = useBrandDates().dateTime;
  return (
    <ItemsEditor<NewsItem>
      name="news"
      heading={t.tabs.news}
      addLabel={t.news.add}
      list={() => adminApi().request('GET /api/operator/news')}
      create={(body) => adminApi().request('POST /api/operator/news', { body })}
      update={(id, body) => adminApi().request('PUT /api/operator/news/:id', { params: { id }, body })}
      remove={(id) => adminApi().request('DELETE /api/operator/news/:id', { params: { id } })}
      blank={() => ({
        title: '',
        date: new Date().toISOString(),
        preview: '',
        text: '',
        images: [],
        pointIds: [],
      })}
      columns={[
        { label: t.columns.title, cell: (n) => n.title },
        { label: t.columns.date, cell: (n) => when(n.date) },
      ]}
      titleOf={(n) => n.title}
      Form={NewsForm}
    />
  );
}

function FaqForm({ value, onChange, errors }: ItemFormProps<Body<FaqQuestion>>) {
  return (
    <>
      <TextInput
        label={t.faq.question}
        value={value.question}
        error={errors.question}
        onValue={(question) => onChange({ ...value, question })}
      />
      <TextArea
        label={t.faq.answer}
        value={value.answer}
        error={errors.answer}
        onValue={(answer) => onChange({ ...value, answer })}
      />
    </>
  );
}

export function FaqEditor() {
  return (
    <ItemsEditor<FaqQuestion>
      name="faq"
      heading={t.tabs.faq}
      addLabel={t.faq.add}
      list={() => adminApi().request('GET /api/operator/faq')}
      create={(body) => adminApi().request('POST /api/operator/faq', { body })}
      update={(id, body) => adminApi().request('PUT /api/operator/faq/:id', { params: { id }, body })}
      remove={(id) => adminApi().request('DELETE /api/operator/faq/:id', { params: { id } })}
      blank={() => ({ question: '', answer: '' })}
      columns={[{ label: t.faq.question, cell: (q) => q.question }]}
      titleOf={(q) => q.question}
      Form={FaqForm}
    />
  );
}

function ActionForm({ value, onChange, errors }: ItemFormProps<Body<Action>>) {
  const set = (patch: Partial<Body<Action>>) => onChange({ ...value, ...patch });
  return (
    <>
      <TextInput
        label={t.actions.title}
        value={value.title}
        error={errors.title}
        onValue={(title) => set({ title })}
      />
      <TextArea
        label={t.actions.description}
        value={value.description}
        error={errors.description}
        onValue={(description) => set({ description })}
      />
      <div className="content-row">
        <DayInput
          label={t.actions.validFrom}
          value={value.validFrom}
          error={errors.validFrom}
          onValue={(validFrom) => set({ validFrom })}
        />
        <DayInput
          label={t.actions.validTo}
          value={value.validTo}
          error={errors.validTo}
          onValue={(validTo) => set({ validTo })}
        />
      </div>
      <TextInput
        label={t.actions.pointIds}
        value={idsToText(value.pointIds)}
        error={errorAt(errors, 'pointIds')}
        onValue={(v) => set({ pointIds: textToIds(v) })}
      />
    </>
  );
}

export function ActionsEditor() {
  return (
    <ItemsEditor<Action>
      name="actions"
      heading={t.tabs.actions}
      addLabel={t.actions.add}
      list={() => adminApi().request('GET /api/operator/actions')}
      create={(body) => adminApi().request('POST /api/operator/actions', { body })}
      update={(id, body) => adminApi().request('PUT /api/operator/actions/:id', { params: { id }, body })}
      remove={(id) => adminApi().request('DELETE /api/operator/actions/:id', { params: { id } })}
      blank={() => ({ title: '', description: '', pointIds: [], validFrom: null, validTo: null })}
      columns={[
        { label: t.columns.title, cell: (a) => a.title },
        {
          label: t.columns.date,
          cell: (a) =>
            [a.validFrom, a.validTo]
              .filter((d): d is string => Boolean(d))
              .map(isoDayToRu)
              .join(' — '),
        },
      ]}
      titleOf={(a) => a.title}
      Form={ActionForm}
    />
  );
}
