import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import type { GeocodeResult } from '../contract.ts';
import { Hint } from './ui.tsx';

/** The spec's geolocation permission state: unsupported, unknown, or what the browser says. */
type Permission = 'unsupported' | 'unknown' | PermissionState;
/** A position up to an hour old is good enough (spec: geolocation cache maximum age 1 hour). */
const MAX_AGE_MS = 3600_000;

/**
 * "Use my location": asks the browser, then our server (`lookup`: the app's or the widget's API
 * client), for the country and region.
 */
export function LocationButton({ onFound, lookup }: { onFound(r: GeocodeResult): void; lookup(lat: number, lon: number): Promise<GeocodeResult> }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<Permission>(() => ('geolocation' in navigator ? 'unknown' : 'unsupported'));
  const [state, setState] = useState<'idle' | 'locating' | 'found' | 'unknown'>('idle');
  const [place, setPlace] = useState('');

  useEffect(() => {
    let status: PermissionStatus | null = null;
    const update = () => status && setPermission(status.state);
    navigator.permissions?.query({ name: 'geolocation' }).then((s) => { status = s; update(); s.addEventListener('change', update); }, () => {});
    return () => status?.removeEventListener('change', update);
  }, []);

  if (permission === 'unsupported') return <Hint style={{ margin: '0 0 12px' }}>{t('signup:location.unsupported')}</Hint>;
  if (permission === 'denied') return <Hint style={{ margin: '0 0 12px' }}>{t('signup:location.denied')}</Hint>;

  const locate = () => {
    setState('locating');
    navigator.geolocation.getCurrentPosition(async (pos) => {
      try {
        const result = await lookup(pos.coords.latitude, pos.coords.longitude);
        onFound(result);
        setPlace(result.city);
        setState('found');
      } catch {
        setState('unknown');
      }
    }, (err) => {
      if (err.code === err.PERMISSION_DENIED) setPermission('denied');
      setState('unknown');
    }, { maximumAge: MAX_AGE_MS, timeout: 15_000, enableHighAccuracy: false });
  };

  return (
    <div style={{ marginBottom: 14 }}>
      <Button data-variant="outline" onClick={locate} disabled={state === 'locating'}>📍 {t('signup:location.useLocation')}</Button>
      <div role="status" style={{ fontSize: 14, marginTop: 6 }}>
        {state === 'locating' && t('signup:location.locating')}
        {state === 'found' && t('signup:location.found', { place })}
        {state === 'unknown' && t('signup:location.unknown')}
      </div>
    </div>
  );
}
