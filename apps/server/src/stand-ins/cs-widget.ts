import type { FastifyInstance } from 'fastify';

/** The local stand-in of a third-party chat widget (development and tests; not in production). */
export const CS_WIDGET_STAND_IN_PATH = '/wps/dev/cs-widget.js';

/**
 * A chat widget as third parties ship them: a floating launcher and a panel, and a global the page
 * can open it with (`WpsChatWidget.open()`), give the member's identity and chat auth key to
 * (`identify({ name, pseudoId, authKey })`, from WPSCORE_saveMemberInfoByAuthKey) and log out. Styles go through the CSSOM, which the page's CSP allows.
 */
const CS_WIDGET_SCRIPT = `(function () {
  if (window.WpsChatWidget) return;
  var launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.textContent = 'Chat';
  launcher.setAttribute('aria-label', 'Open the demo chat widget');
  launcher.style.cssText = 'position:fixed;bottom:88px;inset-inline-end:16px;z-index:40;padding:10px 16px;border-radius:20px;border:0;background:#0b7a75;color:#fff;font:600 14px sans-serif';
  var panel = document.createElement('div');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Demo chat widget');
  panel.hidden = true;
  panel.textContent = 'Local stand-in of a third-party chat: a merchant\\u2019s own chat provider opens here.';
  panel.style.cssText = 'position:fixed;bottom:140px;inset-inline-end:16px;z-index:40;max-width:260px;padding:12px;border-radius:8px;background:#fff;color:#111;font:14px sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)';
  launcher.addEventListener('click', function () { panel.hidden = !panel.hidden; });
  var who = document.createElement('p');
  who.setAttribute('data-cs-widget-user', '');
  panel.append(who);
  document.body.append(launcher, panel);
  window.WpsChatWidget = {
    open: function () { panel.hidden = false; },
    identify: function (user) { who.textContent = 'Member: ' + String(user && user.pseudoId); who.dataset.key = user && user.authKey ? 'yes' : 'no'; },
    logout: function () { who.textContent = ''; delete who.dataset.key; }
  };
})();
`;

/** The stand-in widget's script, as a merchant's `customerServiceScript` names it (seed: lotus). */
export function csWidgetStandInRoutes(app: FastifyInstance): void {
  app.get(CS_WIDGET_STAND_IN_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(CS_WIDGET_SCRIPT),
  );
}
