import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OperatorPoint as Point } from '#common/contract/content';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi } from '../api';
import { TextInput, textToNumber } from './form-fields';
import { ItemsEditor, type ItemFormProps } from './items-editor';
import { PointRateField, pointRateText, useBaseEarnPercent } from './point-rate-field';
import type { Picker } from './pick-map';

const t = ruAdminContent.points;
type Body = Omit<Point, 'id'>;
/** The points list's query: the editor's table and the map picker share it. */
const POINTS_KEY = ['admin', 'content', 'points'];
const listPoints = () => adminApi().request('GET /api/operator/points');

/**
 * A map on which a click sets the point's latitude and longitude (decision 032); typed coordinates move its
 * marker. Leaflet is imported in the browser only, after the form opens.
 */
function MapPicker({
  latitude,
  longitude,
  onPick,
}: {
  latitude: number | null;
  longitude: number | null;
  onPick: (latitude: number, longitude: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const picker = useRef<Picker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const settings = useQuery({
    queryKey: ['admin', 'map'],
    queryFn: () => adminApi().request('GET /api/map'),
    staleTime: Infinity,
  }).data;
  // The brand's points (the list's own query, so cached already): a new point's map opens over them.
  const points = useQuery({ queryKey: POINTS_KEY, queryFn: listPoints });
  const ready = settings && !points.isPending;

  useEffect(() => {
    const host = box.current;
    if (!host || !settings || !ready) return;
    let cancelled = false;
    void import('./pick-map').then(({ mountPicker }) => {
      if (cancelled) return;
      const at: [number, number] | null =
        latitude !== null && longitude !== null ? [latitude, longitude] : null;
      const around = (points.data ?? []).flatMap(({ address: a }): [number, number][] =>
        a.latitude !== null && a.longitude !== null ? [[a.latitude, a.longitude]] : [],
      );
      picker.current = mountPicker(host, {
        ...settings,
        at,
        around,
        onPick: (lat, lng) => pick.current(lat, lng),
      });
    });
    return () => {
      cancelled = true;
      picker.current?.destroy();
      picker.current = null;
    };
    // Mounted once per form: typed coordinates move the marker below, they do not rebuild the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings, ready]);

  useEffect(() => picker.current?.setPosition(latitude, longitude), [latitude, longitude]);

  return (
    <div className="admin-field">
      <span id="point-map-label">{t.map}</span>
      <div
        ref={box}
        className="content-map"
        role="region"
        aria-labelledby="point-map-label"
        data-testid="point-map"
      />
      <span className="admin-muted">{t.mapHint}</span>
    </div>
  );
}

/** A coordinate typed as text: kept as typed while it is not a number yet ("55." on the way to "55.7"). */
function Coordinate({
  label,
  value,
  error,
  onValue,
}: {
  label: string;
  value: number | null;
  error?: string;
  onValue: (value: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  // Only an outside change (a click on the map) rewrites the text: adjusted during render, as React advises.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (textToNumber(text.replace(',', '.')) !== value) setText(value === null ? '' : String(value));
  }
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      value={text}
      error={error}
      onValue={(v) => {
        setText(v);
        const n = textToNumber(v.replace(',', '.'));
        if (n === null || !Number.isNaN(n)) onValue(n);
      }}
    />
  );
}

function PointForm({ value, onChange, errors }: ItemFormProps<Body>) {
  const set = (patch: Partial<Body>) => onChange({ ...value, ...patch });
  const address = (patch: Partial<Body['address']>) => set({ address: { ...value.address, ...patch } });
  const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return (
    <>
      <div className="content-row">
        <TextInput
          label={t.title}
          value={value.title}
          error={errors.title}
          onValue={(title) => set({ title })}
        />
        <TextInput
          label={t.categoryName}
          value={value.categoryName}
          error={errors.categoryName}
          onValue={(categoryName) => set({ categoryName })}
        />
        <TextInput
          label={t.phone}
          value={value.phone}
          error={errors.phone}
          onValue={(phone) => set({ phone })}
        />
      </div>
      <div className="content-row">
        <TextInput
          label={t.city}
          value={value.address.city}
          error={errors['address.city']}
          onValue={(city) => address({ city })}
        />
        <TextInput
          label={t.street}
          value={value.address.street}
          error={errors['address.street']}
          onValue={(street) => address({ street })}
        />
        <TextInput
          label={t.house}
          value={value.address.house}
          error={errors['address.house']}
          onValue={(house) => address({ house })}
        />
      </div>
      <div className="content-row">
        <Coordinate
          label={t.latitude}
          value={value.address.latitude}
          error={errors['address.latitude']}
          onValue={(latitude) => address({ latitude })}
        />
        <Coordinate
          label={t.longitude}
          value={value.address.longitude}
          error={errors['address.longitude']}
          onValue={(longitude) => address({ longitude })}
        />
      </div>
      <MapPicker
        latitude={value.address.latitude}
        longitude={value.address.longitude}
        onPick={(latitude, longitude) => address({ latitude, longitude })}
      />
      <div className="content-row">
        <TextInput
          label={t.rating}
          type="number"
          step="0.1"
          value={Number.isNaN(value.rating) ? '' : value.rating}
          error={errors.rating}
          onValue={(v) => set({ rating: num(v) })}
        />
        <TextInput
          label={t.firmId}
          type="number"
          value={Number.isNaN(value.firmId) ? '' : value.firmId}
          error={errors.firmId}
          onValue={(v) => set({ firmId: num(v) })}
        />
      </div>
      <PointRateField
        value={value.currentBonus}
        error={errors.currentBonus}
        onValue={(currentBonus) => set({ currentBonus })}
      />
      <TextInput
        label={t.workingHours}
        value={value.workingHours}
        error={errors.workingHours}
        onValue={(workingHours) => set({ workingHours })}
      />
    </>
  );
}

const coords = (p: Point) =>
  p.address.latitude === null || p.address.longitude === null
    ? '—'
    : `${p.address.latitude}, ${p.address.longitude}`;

function RateCell({ own }: { own: number | null }) {
  return pointRateText(own, useBaseEarnPercent());
}

export function PointsEditor() {
  return (
    <ItemsEditor<Point>
      name="points"
      heading={ruAdminContent.tabs.points}
      addLabel={t.add}
      list={listPoints}
      create={(body) => adminApi().request('POST /api/operator/points', { body })}
      update={(id, body) => adminApi().request('PUT /api/operator/points/:id', { params: { id }, body })}
      remove={(id) => adminApi().request('DELETE /api/operator/points/:id', { params: { id } })}
      blank={() => ({
        title: '',
        phone: '',
        rating: 0,
        currentBonus: null,
        firmId: 1,
        categoryName: '',
        address: { city: '', street: '', house: '', latitude: null, longitude: null },
        workingHours: '',
      })}
      columns={[
        { label: ruAdminContent.columns.title, cell: (p) => p.title },
        {
          label: ruAdminContent.columns.address,
          cell: (p) => [p.address.city, p.address.street, p.address.house].filter(Boolean).join(', '),
        },
        { label: ruAdminContent.columns.coords, cell: coords },
        { label: t.rate, cell: (p) => <RateCell own={p.currentBonus} /> },
      ]}
      titleOf={(p) => p.title}
      Form={PointForm}
    />
  );
}
