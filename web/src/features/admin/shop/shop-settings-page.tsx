import {
  checkoutMessages,
  maskCep,
  maskPhone,
  shopMessages,
  type AdminShopSettingsDto,
} from '@quitute/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage, httpStatus, serverFieldErrors } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field';
import { MaskedField } from '../../../components/masked-field';
import { PageLoading } from '../../../components/page-loading';
import styles from '../components/admin.module.css';
import { isAdmin, useAdminSession } from '../components/admin-session';
import { MessageDialog } from '../components/message-dialog';
import { MoneyField } from '../components/money-field';
import { FormError, PageRefused, PageTitle } from '../components/page-parts';
import { useOutcome } from '../hooks/use-outcome';
import { formatDayTime } from '../model/admin-format';
import { adminTexts, shopSettingsTexts as texts } from '../model/admin-texts';
import {
  useGetAdminShopSettingsQuery,
  useLazyLookupShopCepQuery,
  useSaveShopSettingsMutation,
} from './shop-settings-api';
import {
  bodyIssues,
  bodyOf,
  emptyZone,
  fieldKeys,
  formOf,
  issuesToFields,
  unplacedErrors,
  type AddressField,
  type FieldErrors,
  type ShopSettingsForm,
  type ZoneField,
} from './shop-settings-form';
import page from './shop-settings.module.css';

type TopField =
  'name' | 'whatsapp' | 'phone' | 'email' | 'latitude' | 'longitude' | 'dailySummaryTime';
type TextField = TopField | 'instagram' | 'facebook';

/** Where a top-level field's message is keyed in the body ('latitude' is 'location.latitude'). */
const PATH: Record<TextField, string> = {
  name: 'name',
  whatsapp: 'whatsapp',
  phone: 'phone',
  email: 'email',
  latitude: 'location.latitude',
  longitude: 'location.longitude',
  instagram: 'social.instagram',
  facebook: 'social.facebook',
  dailySummaryTime: 'dailySummaryTime',
};

/**
 * The form over the whole document. What the admin typed stays until a save
 * succeeds: the page's and the server's messages go under their fields.
 */
function ShopSettingsEditor({ initial }: { initial: AdminShopSettingsDto }) {
  const [form, setForm] = useState<ShopSettingsForm>(() => formOf(initial));
  const [updatedAt, setUpdatedAt] = useState(initial.updatedAt);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [save, { isLoading: saving }] = useSaveShopSettingsMutation();
  const [lookupCep] = useLazyLookupShopCepQuery();
  const { outcome, show, clear } = useOutcome();
  const formRef = useRef<HTMLFormElement>(null);
  // Focus goes to the first field with a message once the form is enabled again after the save.
  const [focusTarget, setFocusTarget] = useState<{ key: string } | null>(null);
  useEffect(() => {
    if (focusTarget) {
      formRef.current?.querySelector<HTMLElement>(`[name="${focusTarget.key}"]`)?.focus();
    }
  }, [focusTarget]);

  const forget = (...keys: string[]) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))),
    );

  const bind = (field: TextField) => ({
    name: PATH[field],
    value: form[field],
    error: errors[PATH[field]],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setForm((current) => ({ ...current, [field]: value }));
      forget(PATH[field]);
    },
  });

  const bindAddress = (field: AddressField) => ({
    name: `address.${field}`,
    value: form.address[field],
    error: errors[`address.${field}`],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setForm((current) => ({ ...current, address: { ...current.address, [field]: value } }));
      forget(`address.${field}`);
    },
  });

  /** A zone's money field: MoneyField hands over the text itself. */
  const bindZoneMoney = (index: number, field: 'fee' | 'minimumOrder') => {
    const { onChange, ...bound } = bindZone(index, field);
    return { ...bound, onChange: (value: string) => onChange({ target: { value } }) };
  };

  const bindZone = (index: number, field: ZoneField) => {
    const zone = form.zones[index];
    return {
      name: `deliveryZones.${index}.${field}`,
      value: zone ? zone[field] : '',
      error: errors[`deliveryZones.${index}.${field}`],
      onChange: (event: { target: { value: string } }) => {
        const { value } = event.target;
        setForm((current) => ({
          ...current,
          zones: current.zones.map((row, at) => (at === index ? { ...row, [field]: value } : row)),
        }));
        forget(`deliveryZones.${index}.${field}`, 'deliveryZones');
      },
    };
  };

  /** Rows move when one is added or removed: their messages would point at other rows. */
  const changeZones = (zones: ShopSettingsForm['zones']) => {
    setForm((current) => ({ ...current, zones }));
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => !key.startsWith('deliveryZones')),
      ),
    );
  };

  const fillFromCep = async () => {
    const digits = form.address.zipCode.replace(/\D/g, '');
    if (digits === '') return;
    const answer = digits.length === 8 ? await lookupCep(digits, true) : null;
    if (!answer?.data) {
      const message = errorMessage(answer?.error, checkoutMessages.invalidCep);
      setErrors((current) => ({ ...current, 'address.zipCode': message }));
      return;
    }
    const found = answer.data;
    setForm((current) => ({
      ...current,
      address: {
        ...current.address,
        streetName: found.streetName || current.address.streetName,
        neighborhood: found.neighborhood || current.address.neighborhood,
        city: found.city || current.address.city,
        federalUnit: found.federalUnit || current.address.federalUnit,
      },
    }));
    forget(
      'address.zipCode',
      'address.streetName',
      'address.neighborhood',
      'address.city',
      'address.federalUnit',
    );
  };

  const showProblems = (problems: FieldErrors) => {
    setErrors(problems);
    const first = fieldKeys(form.zones.length).find((key) => problems[key] !== undefined);
    if (first) setFocusTarget({ key: first });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const body = bodyOf(form);
    const issues = bodyIssues(body);
    if (issues.length > 0) {
      showProblems(issuesToFields(issues));
      return;
    }
    const result = await save(body);
    if (result.error) {
      const fields = httpStatus(result.error) === 400 ? serverFieldErrors(result.error) : {};
      if (Object.keys(fields).length > 0) showProblems(fields);
      else show('error', errorMessage(result.error, texts.saveFailed));
      return;
    }
    setErrors({});
    setForm(formOf(result.data));
    setUpdatedAt(result.data.updatedAt);
    show('success', shopMessages.saved);
  };

  const general = unplacedErrors(errors, form.zones.length);

  return (
    <>
      <p className={styles.note}>
        {texts.lastChange} {formatDayTime(updatedAt)}
      </p>
      <form
        ref={formRef}
        className={page.form}
        noValidate
        aria-label={texts.title}
        onSubmit={(event) => void submit(event)}
      >
        <fieldset disabled={saving} className={page.sections}>
          <section className={styles.panel} aria-labelledby="loja-contato">
            <h2 id="loja-contato" className={styles.sectionTitle}>
              {texts.contact}
            </h2>
            <div className={styles.formGrid}>
              <FormField label="Nome da loja" autoComplete="off" {...bind('name')} />
              <FormField label="E-mail" type="email" autoComplete="off" {...bind('email')} />
              <MaskedField
                label="WhatsApp"
                type="tel"
                inputMode="tel"
                placeholder="(11) 98765-4321"
                mask={maskPhone}
                {...bind('whatsapp')}
              />
              <MaskedField
                label="Telefone"
                type="tel"
                inputMode="tel"
                placeholder="(11) 3456-7890"
                mask={maskPhone}
                {...bind('phone')}
              />
              <p className={`${styles.full} ${styles.note}`}>
                {texts.openingHoursMoved} <Link to="/admin/agenda">{texts.openingHoursLink}</Link>.
              </p>
            </div>
          </section>

          <section className={styles.panel} aria-labelledby="loja-notificacoes">
            <h2 id="loja-notificacoes" className={styles.sectionTitle}>
              {texts.notifications}
            </h2>
            <div className={styles.formGrid}>
              <FormField
                label={texts.dailySummaryTime}
                type="time"
                step={60}
                hint={texts.dailySummaryHint}
                {...bind('dailySummaryTime')}
              />
            </div>
          </section>

          <section className={styles.panel} aria-labelledby="loja-endereco">
            <h2 id="loja-endereco" className={styles.sectionTitle}>
              {texts.address}
            </h2>
            <div className={styles.formGrid}>
              <MaskedField
                label="CEP"
                placeholder="00000-000"
                mask={maskCep}
                {...bindAddress('zipCode')}
                onBlur={() => void fillFromCep()}
              />
              <FormField label="Rua" {...bindAddress('streetName')} />
              <FormField label="Número" {...bindAddress('streetNumber')} />
              <FormField label="Complemento" {...bindAddress('complement')} />
              <FormField label="Bairro" {...bindAddress('neighborhood')} />
              <FormField label="Cidade" {...bindAddress('city')} />
              <FormField label="UF" maxLength={2} {...bindAddress('federalUnit')} />
            </div>
            <h3 className={page.subheading}>{texts.map}</h3>
            <p className={styles.note}>{texts.mapHint}</p>
            <div className={styles.formGrid}>
              <FormField label="Latitude" inputMode="decimal" {...bind('latitude')} />
              <FormField label="Longitude" inputMode="decimal" {...bind('longitude')} />
            </div>
          </section>

          <section className={styles.panel} aria-labelledby="loja-redes">
            <h2 id="loja-redes" className={styles.sectionTitle}>
              {texts.social}
            </h2>
            <div className={styles.formGrid}>
              <FormField
                label="Instagram"
                type="url"
                placeholder="https://www.instagram.com/…"
                hint={texts.socialHint}
                {...bind('instagram')}
              />
              <FormField
                label="Facebook"
                type="url"
                placeholder="https://www.facebook.com/…"
                hint={texts.socialHint}
                {...bind('facebook')}
              />
            </div>
          </section>

          <section className={styles.panel} aria-labelledby="loja-zonas">
            <h2 id="loja-zonas" className={styles.sectionTitle}>
              {texts.zones}
            </h2>
            <p className={styles.note}>{texts.zonesHint}</p>
            {errors['deliveryZones'] ? <FormError>{errors['deliveryZones']}</FormError> : null}
            {form.zones.length === 0 ? <p className={styles.note}>{texts.noZones}</p> : null}
            <ol className={page.zones}>
              {form.zones.map((zone, index) => (
                <li key={zone.key}>
                  <fieldset className={page.zone}>
                    <legend className={page.zoneTitle}>{texts.zoneTitle(index)}</legend>
                    <FormField label="Nome da zona" {...bindZone(index, 'name')} />
                    <MaskedField
                      label="CEP inicial"
                      placeholder="00000-000"
                      mask={maskCep}
                      {...bindZone(index, 'zipCodeFrom')}
                    />
                    <MaskedField
                      label="CEP final"
                      placeholder="00000-000"
                      mask={maskCep}
                      {...bindZone(index, 'zipCodeTo')}
                    />
                    <MoneyField
                      label="Taxa (R$)"
                      placeholder="0,00"
                      {...bindZoneMoney(index, 'fee')}
                    />
                    <MoneyField
                      label="Pedido mínimo (R$)"
                      placeholder="opcional"
                      {...bindZoneMoney(index, 'minimumOrder')}
                    />
                    <button
                      type="button"
                      className={`${buttons.ghost} ${page.remove}`}
                      aria-label={texts.removeZone(zone.name, index)}
                      onClick={() => changeZones(form.zones.filter((row) => row.key !== zone.key))}
                    >
                      {texts.remove}
                    </button>
                  </fieldset>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className={buttons.secondary}
              onClick={() => changeZones([...form.zones, emptyZone()])}
            >
              {texts.addZone}
            </button>
          </section>
        </fieldset>
        {general.length > 0 ? <FormError>{general.join(' ')}</FormError> : null}
        <div className={styles.formActions}>
          <button type="submit" className={buttons.button} disabled={saving}>
            {saving ? adminTexts.saving : adminTexts.save}
          </button>
        </div>
      </form>
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}

/**
 * /admin/loja 'Configurações da Loja' (issue 37): the shop's name, contacts,
 * address and map, social links and delivery zones — what every page
 * of the site reads at run time.
 */
export function ShopSettingsPage() {
  const session = useAdminSession();
  const settings = useGetAdminShopSettingsQuery(undefined, { skip: !isAdmin(session) });

  if (!session.hasToken || !session.user) {
    return <PageRefused title={texts.title} reason={adminTexts.loginToAccess} />;
  }
  if (!isAdmin(session)) {
    return <PageRefused title={texts.title} reason={adminTexts.adminsOnly} />;
  }

  let body = null;
  if (settings.data) body = <ShopSettingsEditor initial={settings.data} />;
  else if (settings.error)
    body = <FormError>{errorMessage(settings.error, texts.loadFailed)}</FormError>;
  else body = <PageLoading label={texts.loading} />;

  return (
    <>
      <PageTitle>{texts.title}</PageTitle>
      {body}
    </>
  );
}
