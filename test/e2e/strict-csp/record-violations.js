// Every Content Security Policy violation of the page, in the order the browser reports them.
window.__violations = [];
document.addEventListener(
  'securitypolicyviolation',
  (event) => {
    window.__violations.push({
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      sample: event.sample,
    });
  },
  true,
);
