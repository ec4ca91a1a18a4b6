import type { GiftCardImage } from '#common/contract/gift-cards';
import { DEFAULT_MAX_LENGTH } from '#common/lib/validation';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { TextField } from '#web/ui/text-field';

const t = ruGiftCards;
const NOMINAL_PRESETS = ['500', '1000', '3000', '5000'];

/** A field of the gift-card form: its value, the message to show (null: none yet), and its events. */
interface PartProps<V> {
  value: V;
  error: string | null;
  onBlur(): void;
  onValue(value: V): void;
}

/** The card's picture, one radio per design. */
export function DesignChoice(props: {
  images: GiftCardImage[];
  imageId: string;
  onChoose(id: string): void;
}) {
  return (
    <fieldset className="gc-designs">
      <legend className="field__label">{t.design}</legend>
      <div className="gc-designs__list">
        {props.images.map((image, index) => (
          <label key={image.id} className="gc-design">
            <input
              type="radio"
              name="design"
              value={image.id}
              checked={props.imageId === image.id}
              onChange={() => props.onChoose(image.id)}
            />
            <img src={image.imageUrl} alt={t.designOption(index + 1)} width={160} height={100} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The nominal, typed or picked from the presets. */
export function NominalField(props: PartProps<string>) {
  return (
    <div>
      <TextField
        label={t.nominal}
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={5}
        value={props.value}
        error={props.error}
        onBlur={props.onBlur}
        onValue={props.onValue}
      />
      <div className="gc-presets" role="group" aria-label={t.nominalPresets}>
        {NOMINAL_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="chip"
            aria-pressed={props.value === preset}
            onClick={() => props.onValue(preset)}
          >
            {Number(preset).toLocaleString('ru-RU')}&nbsp;₽
          </button>
        ))}
      </div>
    </div>
  );
}

/** How many more recipients there are (red when one of them is wrong and the form was sent), and their popup. */
export function MoreRecipients(props: { count: number; hasErrors: boolean; onEdit(): void }) {
  return (
    <div className="gc-more">
      <span className={props.hasErrors ? 'gc-more__count gc-more__count--error' : 'gc-more__count'}>
        {t.moreRecipients(props.count)}
      </span>
      <button type="button" className="button button--ghost" onClick={props.onEdit}>
        {t.editRecipients}
      </button>
    </div>
  );
}

/** The congratulation: a text area with its hint and a reserved line for its message. */
export function CongratulationField(props: PartProps<string>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="gc-congratulation">
        {t.congratulation}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <textarea
        id="gc-congratulation"
        className="field__input field__input--area"
        rows={4}
        required
        maxLength={DEFAULT_MAX_LENGTH + 1}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby="gc-congratulation-hint gc-congratulation-error"
        onBlur={props.onBlur}
        onChange={(event) => props.onValue(event.target.value)}
      />
      <p className="field__hint" id="gc-congratulation-hint">
        {t.congratulationHint}
      </p>
      <p className="field__error field__error--reserved" id="gc-congratulation-error">
        {props.error}
      </p>
    </div>
  );
}

/** When the SMS goes: now, or at a date and time the buyer picks. */
export function SendingTime(
  props: PartProps<string> & { sendLater: boolean; onSendLater(sendLater: boolean): void },
) {
  return (
    <fieldset className="gc-when">
      <legend className="field__label">{t.when}</legend>
      <label className="gc-when__option">
        <input
          type="radio"
          name="when"
          checked={!props.sendLater}
          onChange={() => props.onSendLater(false)}
        />
        <span>{t.sendNow}</span>
      </label>
      <label className="gc-when__option">
        <input type="radio" name="when" checked={props.sendLater} onChange={() => props.onSendLater(true)} />
        <span>{t.sendLater}</span>
      </label>
      {props.sendLater && (
        <TextField
          label={t.sendingDate}
          type="datetime-local"
          required
          value={props.value}
          error={props.error}
          onBlur={props.onBlur}
          onValue={props.onValue}
        />
      )}
    </fieldset>
  );
}
