import { useQueryClient } from '@tanstack/react-query';
import { Link } from '#web/lib/router/links';
import { useNavigate } from '#web/lib/router/hooks';
import { ru } from '#web/i18n/ru';
import { useApi } from '#web/lib/api-context';
import { logout, useIsLoggedIn } from '#web/lib/session';

/**
 * The cabinet entries (spec "Navigation"): logged in, 'Личный кабинет' and 'Выход' (then to /);
 * logged out, 'Вход в личный кабинет' and 'Регистрация карты'. The mobile menu calls logout 'Выйти'.
 */
export function CabinetEntries({
  variant,
  onChoose,
}: {
  variant: 'dropdown' | 'mobile';
  onChoose?: () => void;
}) {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const api = useApi();
  const queryClient = useQueryClient();
  if (!isLoggedIn) {
    return (
      <>
        <Link className="menu-entry" to="/login" onClick={onChoose}>
          {ru.nav.login}
        </Link>
        <Link className="menu-entry" to="/registration" onClick={onChoose}>
          {ru.nav.register}
        </Link>
      </>
    );
  }
  const handleLogout = async () => {
    onChoose?.();
    await logout(api, queryClient);
    void navigate('/');
  };
  return (
    <>
      <Link className="menu-entry" to="/profile" onClick={onChoose}>
        {ru.nav.cabinet}
      </Link>
      <button type="button" className="menu-entry" onClick={handleLogout}>
        {variant === 'mobile' ? ru.nav.logoutMobile : ru.nav.logout}
      </button>
    </>
  );
}
