import { FAKE_CARD_LIST } from './fakeCards';

/**
 * The JavaScript served by the loopback PayPal fake at GET /sdk/js: enough of PayPal's JS SDK v5 for
 * @paypal/react-paypal-js's PayPalButtons (docs/payments.md). It runs in the customer's browser, so it is plain ES2019
 * with no imports. Instead of PayPal's popup and card frames it renders, in the page, a dialog and a card form whose
 * controls a test finds by role and name; the fake server decides every outcome (orders, approvals, card refusals).
 */
export function payPalSdkScript(): string {
  return `(function () {
  var testCards = ${JSON.stringify(FAKE_CARD_LIST)};
  'use strict';
  var script = document.currentScript;
  var scriptUrl = new URL(script.src);
  var clientId = scriptUrl.searchParams.get('client-id') || '';
  var namespace = script.getAttribute('data-namespace') || 'paypal';
  var FUNDING = { PAYPAL: 'paypal', CARD: 'card' };
  var disabledFunding = (scriptUrl.searchParams.get('disable-funding') || '').split(',');
  var fundingSources = [FUNDING.PAYPAL, FUNDING.CARD].filter(function (source) { return disabledFunding.indexOf(source) === -1; });
  var fundingLabels = { paypal: 'PayPal', card: 'Debit or Credit Card' };
  // PayPal's SDK gives up on a request that hangs rather than leave the customer waiting for ever.
  var requestTimeoutMs = 15000;
  var instanceCount = 0;

  // The fake's REST API sits beside /sdk/js, also behind a proxy that mounts the fake under a path.
  function fakeUrl(path) {
    return new URL('../' + path, scriptUrl).href;
  }

  // The fake accepts the client id as the browser's bearer token, where PayPal's SDK uses its own client token.
  function callFake(method, path, body) {
    var abort = new AbortController();
    var timer = setTimeout(function () { abort.abort(); }, requestTimeoutMs);
    return fetch(fakeUrl(path), {
      method: method,
      headers: { Authorization: 'Bearer ' + clientId, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: abort.signal,
    }).then(function (response) {
      return response.text().then(function (text) {
        var answer = parseJson(text);
        if (!response.ok) throw refusal(method + ' ' + path, response.status, answer);
        return answer;
      });
    }).finally(function () { clearTimeout(timer); });
  }

  function parseJson(text) {
    try {
      return JSON.parse(text);
    } catch (notJson) {
      return {};
    }
  }

  function refusal(call, status, answer) {
    var detail = answer.details && answer.details[0];
    var error = new Error((detail && detail.description) || answer.message || call + ' answered ' + status);
    error.status = status;
    error.name = answer.name || 'PAYPAL_SANDBOX_ERROR';
    error.issue = detail && detail.issue;
    error.details = answer.details || [];
    return error;
  }

  function element(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      if (name === 'style') Object.assign(node.style, attributes.style);
      else if (name === 'text') node.textContent = attributes.text;
      else node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  var buttonStyle = { display: 'block', width: '100%', minHeight: '44px', margin: '0 0 10px', border: '0', borderRadius: '4px',
    font: 'bold 16px sans-serif', cursor: 'pointer' };
  var fundingStyles = {
    paypal: Object.assign({}, buttonStyle, { background: '#ffc439', color: '#111' }),
    card: Object.assign({}, buttonStyle, { background: '#2c2e2f', color: '#fff' }),
  };
  var secondaryStyle = Object.assign({}, buttonStyle, { background: '#fff', color: '#111', border: '1px solid #767676' });

  // A card field with its own message below it, as PayPal's card fields tell a refused detail where it is typed.
  function textField(id, label, autocomplete, placeholder) {
    var input = element('input', { id: id, name: id, type: 'text', autocomplete: autocomplete, required: '',
      style: { display: 'block', width: '100%', boxSizing: 'border-box', padding: '8px', margin: '4px 0 4px' } });
    if (placeholder) input.setAttribute('placeholder', placeholder);
    if (autocomplete !== 'cc-exp' && autocomplete !== 'cc-name') input.setAttribute('inputmode', 'numeric');
    var message = element('p', { id: id + '-error', style: { color: '#b00020', margin: '0 0 10px', minHeight: '0' } });
    function setError(text) {
      message.textContent = text || '';
      if (text) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', message.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }
    return { input: input, setError: setError, node: element('div', {}, [element('label', { for: id, text: label }), input, message]) };
  }

  // The sandbox's test cards, listed where they are typed, as PayPal's sandbox docs list theirs.
  function testCardList(instance) {
    var headingId = 'paypal-sandbox-test-cards-' + instance;
    return element('section', { 'aria-labelledby': headingId, style: { margin: '0 0 12px', font: '14px sans-serif' } }, [
      element('h3', { id: headingId, text: 'Test cards', style: { margin: '0 0 4px', fontSize: '15px' } }),
      element('p', { text: 'Any future expiry date (MM/YY), any 3-digit security code and any name.', style: { margin: '0 0 4px' } }),
      element('ul', { 'aria-label': 'Test cards', style: { margin: '0', paddingLeft: '20px' } }, testCards.map(function (card) {
        return element('li', { text: card.number.replace(/(.{4})/g, '$1 ').trim() + ': ' + card.outcome });
      })),
    ]);
  }

  function Buttons(options) {
    var props = Object.assign({}, options);
    var instance = ++instanceCount;
    var sources = props.fundingSource ? [props.fundingSource] : fundingSources;
    var root = null;
    var dialog = null;
    var cardForm = null;
    var busy = false;
    var closed = false;
    var fundingButtons = {};

    function isEligible() {
      return !props.fundingSource || fundingSources.indexOf(props.fundingSource) !== -1;
    }

    // Once the buttons are closed (the page moved on), no callback reaches the page, as with PayPal's destroyed frames.
    function notify(name, data, actions) {
      if (closed) return undefined;
      if (typeof props[name] === 'function') return props[name](data, actions);
      if (name === 'onError') console.error('PayPal sandbox:', data);
      return undefined;
    }

    function reportError(error) {
      notify('onError', error instanceof Error ? error : new Error(String(error)));
    }

    function setEnabled(enabled) {
      Object.keys(fundingButtons).forEach(function (source) { fundingButtons[source].disabled = !enabled; });
      return Promise.resolve();
    }

    function render(container) {
      var target = typeof container === 'string' ? document.querySelector(container) : container;
      if (closed) return Promise.reject(new Error('PayPal sandbox: these buttons were closed'));
      if (!target) return Promise.reject(new Error('PayPal sandbox: no container ' + container));
      root = element('div', { role: 'group', 'aria-label': 'PayPal sandbox' });
      sources.forEach(function (source) {
        var button = element('button', { type: 'button', text: fundingLabels[source] || source, style: fundingStyles[source] });
        button.addEventListener('click', function () { pay(source); });
        fundingButtons[source] = button;
        root.appendChild(button);
      });
      target.appendChild(root);
      notify('onInit', {}, { enable: function () { return setEnabled(true); }, disable: function () { return setEnabled(false); } });
      // The card's own buttons open their card form at once: the customer chose the card already.
      if (props.fundingSource === FUNDING.CARD) pay(FUNDING.CARD);
      return Promise.resolve();
    }

    function close() {
      closed = true;
      closeDialog();
      if (root) root.remove();
      root = null;
      return Promise.resolve();
    }

    // As PayPal's buttons do: onClick may stop the payment, then createOrder, then the approval UI for that order.
    function pay(source) {
      if (busy) return;
      if (source === FUNDING.CARD && cardForm) {
        cardForm.querySelector('input').focus();
        return;
      }
      busy = true;
      removeCardForm();
      clickAllowed(source)
        .then(function (allowed) {
          if (!allowed) return undefined;
          return createOrder(source).then(function (orderId) {
            if (closed) return;
            if (source === FUNDING.CARD) showCardForm(orderId);
            else openDialog(orderId);
          });
        })
        .catch(reportError)
        .then(function () { busy = false; });
    }

    function clickAllowed(source) {
      var rejected = false;
      var actions = {
        resolve: function () { return Promise.resolve(); },
        reject: function () { rejected = true; return Promise.resolve(); },
      };
      return Promise.resolve(notify('onClick', { fundingSource: source }, actions)).then(function (answer) {
        return answer !== false && !rejected;
      });
    }

    function createOrder(source) {
      var actions = {
        order: {
          create: function (body) {
            return callFake('POST', 'v2/checkout/orders', body).then(function (order) { return order.id; });
          },
        },
      };
      return new Promise(function (resolve) {
        if (typeof props.createOrder !== 'function') throw new Error('PayPal sandbox: createOrder is required');
        resolve(props.createOrder({ paymentSource: source }, actions));
      }).then(function (orderId) {
        if (typeof orderId !== 'string' || orderId === '') throw new Error('PayPal sandbox: createOrder gave no order id');
        return orderId;
      });
    }

    function approve(orderId, approval) {
      return callFake('POST', 'fake/orders/' + encodeURIComponent(orderId) + '/approve', approval);
    }

    function approved(orderId, source, order) {
      var payPalAccount = order.payment_source && order.payment_source.paypal;
      var data = {
        orderID: orderId,
        payerID: (payPalAccount && payPalAccount.account_id) || null,
        paymentSource: source,
        facilitatorAccessToken: clientId,
      };
      var actions = {
        // The fake's GET needs a server's token, which the browser never holds: the order is as the approval left it.
        order: { get: function () { return Promise.resolve(order); } },
        redirect: function (url) { window.location.assign(url); },
        restart: function () { pay(source); },
      };
      return Promise.resolve(notify('onApprove', data, actions)).catch(reportError);
    }

    function openDialog(orderId) {
      var titleId = 'paypal-sandbox-title-' + instance;
      var descriptionId = 'paypal-sandbox-description-' + instance;
      var verified = element('input', { type: 'radio', name: 'paypal-sandbox-account-' + instance, value: 'VERIFIED' });
      var unverified = element('input', { type: 'radio', name: 'paypal-sandbox-account-' + instance, value: 'UNVERIFIED' });
      verified.checked = true;
      var payNow = element('button', { type: 'button', text: 'Pay now', style: fundingStyles.paypal });
      var cancel = element('button', { type: 'button', text: 'Cancel and return to the restaurant', style: secondaryStyle });
      var accounts = element('fieldset', { style: { margin: '0 0 16px' } }, [
        element('legend', { text: 'Test account' }),
        element('label', { style: { display: 'block' } }, [verified, document.createTextNode(' Verified')]),
        element('label', { style: { display: 'block' } }, [unverified, document.createTextNode(' Unverified')]),
      ]);
      var box = element('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'aria-describedby': descriptionId,
        style: { background: '#fff', color: '#111', maxWidth: '360px', margin: '10vh auto', padding: '24px', borderRadius: '8px',
          font: '16px sans-serif' } }, [
        element('h2', { id: titleId, text: 'PayPal sandbox', style: { marginTop: '0' } }),
        element('p', { id: descriptionId, text: 'A test payment: no money moves. Choose the test account that pays.' }),
        accounts, payNow, cancel,
      ]);
      dialog = element('div', { style: { position: 'fixed', inset: '0', zIndex: '2147483647', background: 'rgba(0, 0, 0, 0.6)' } }, [box]);

      payNow.addEventListener('click', function () {
        payNow.disabled = true;
        cancel.disabled = true;
        var accountStatus = unverified.checked ? 'UNVERIFIED' : 'VERIFIED';
        approve(orderId, { paymentSource: FUNDING.PAYPAL, accountStatus: accountStatus })
          .then(function (order) {
            closeDialog();
            return approved(orderId, FUNDING.PAYPAL, order);
          }, function (error) {
            closeDialog();
            reportError(error);
          });
      });
      function cancelPayment() {
        closeDialog();
        notify('onCancel', { orderID: orderId }, { redirect: function (url) { window.location.assign(url); } });
      }
      cancel.addEventListener('click', cancelPayment);
      box.addEventListener('keydown', function (event) {
        if (event.key === 'Escape' && !cancel.disabled) cancelPayment();
        if (event.key === 'Tab') keepFocusWithin(box, event);
      });
      // A click on the backdrop keeps focus in the dialog, where Escape is heard.
      dialog.addEventListener('mousedown', function (event) {
        if (event.target === dialog) event.preventDefault();
      });
      document.body.appendChild(dialog);
      verified.focus();
    }

    function keepFocusWithin(box, event) {
      var controls = Array.prototype.filter.call(box.querySelectorAll('input, button'), function (control) {
        return !control.disabled && !(control.type === 'radio' && !control.checked);
      });
      var first = controls[0];
      var last = controls[controls.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }

    function closeDialog() {
      if (!dialog) return;
      dialog.remove();
      dialog = null;
      if (fundingButtons.paypal && root) fundingButtons.paypal.focus();
    }

    function showCardForm(orderId) {
      var number = textField('paypal-sandbox-card-number-' + instance, 'Card number', 'cc-number');
      var expiry = textField('paypal-sandbox-card-expiry-' + instance, 'Expiry date', 'cc-exp', 'MM/YY');
      var securityCode = textField('paypal-sandbox-card-csc-' + instance, 'Security code', 'cc-csc');
      var name = textField('paypal-sandbox-card-name-' + instance, 'Name on card', 'cc-name');
      var fields = { number: number, expiry: expiry, securityCode: securityCode, name: name };
      var fieldOrder = ['number', 'expiry', 'securityCode', 'name'];
      var payButton = element('button', { type: 'submit', text: 'Pay', style: fundingStyles.card });
      var problem = null;
      cardForm = element('form', { 'aria-label': 'Card payment', novalidate: '', style: { font: '16px sans-serif' } },
        [testCardList(instance), number.node, expiry.node, securityCode.node, name.node, payButton]);

      // Each refused detail at its field; the first refused field takes focus, and what was typed stays.
      function showFieldErrors(messages) {
        var first = null;
        fieldOrder.forEach(function (key) {
          fields[key].setError(messages[key]);
          if (messages[key] && !first) first = fields[key].input;
        });
        if (first) first.focus();
        return first !== null;
      }

      cardForm.addEventListener('submit', function (event) {
        event.preventDefault();
        if (payButton.disabled) return;
        if (problem) problem.remove();
        problem = null;
        // The name is checked in the form, as PayPal's card fields do; the card itself by the sandbox.
        if (showFieldErrors(name.input.value.trim() === '' ? { name: 'Enter the name on the card.' } : {})) return;
        payButton.disabled = true;
        var card = { number: number.input.value.replace(/\\s+/g, ''), expiry: expiry.input.value.trim(),
          securityCode: securityCode.input.value.trim(), name: name.input.value.trim() };
        approve(orderId, { paymentSource: FUNDING.CARD, card: card })
          .then(function (order) {
            removeCardForm();
            return approved(orderId, FUNDING.CARD, order);
          }, function (error) {
            payButton.disabled = false;
            // PayPal refuses a card it cannot use (422) in its own form, where the customer can correct it.
            if (error.status !== 422) return reportError(error);
            var messages = {};
            error.details.forEach(function (detail) {
              var key = String(detail.field || '').split('/').pop();
              if (fields[key] && !messages[key]) messages[key] = detail.description;
            });
            if (showFieldErrors(messages)) return undefined;
            problem = element('p', { role: 'alert', text: error.message, style: { color: '#b00020' } });
            cardForm.insertBefore(problem, payButton);
            number.input.focus();
            return undefined;
          });
      });
      root.appendChild(cardForm);
      number.input.focus();
    }

    function removeCardForm() {
      if (cardForm) cardForm.remove();
      cardForm = null;
    }

    return {
      isEligible: isEligible,
      render: render,
      close: close,
      updateProps: function (changes) {
        Object.assign(props, changes);
        return Promise.resolve();
      },
      resume: function () {},
      hasReturned: function () { return false; },
    };
  }

  window[namespace] = {
    version: '5.0.0-sandbox',
    FUNDING: FUNDING,
    Buttons: Buttons,
    getFundingSources: function () { return fundingSources.slice(); },
    isFundingEligible: function (source) { return fundingSources.indexOf(source) !== -1; },
  };
})();
`;
}
