// A Swagger UI plugin, as browser source text (see docs-page-subtrees.ts for why text): the
// document is read with JSON.parse when it is JSON. Swagger UI reads whatever it downloads with its
// YAML parser (js-yaml), which on this service's 530 kB document took 150–190 ms of a cold page's
// CPU, against 5–20 ms for JSON.parse; the result is the same for JSON, which YAML contains. Text
// that is not JSON (or not an object) goes to Swagger UI's own parser, with its own error messages.

const SOURCE = String.raw`
function plugin() {
  return {
    statePlugins: {
      spec: {
        wrapActions: {
          // Swagger UI hands wrapActions its bound action and the system; this one keeps its signature.
          parseToJson: function (parseWithYaml, system) {
            return function (text) {
              var source = typeof text === 'string' ? text : system.specSelectors.specStr();
              var json;
              if (typeof source !== 'string' || !/^\s*\{/.test(source)) return parseWithYaml(text);
              try {
                json = JSON.parse(source);
              } catch (e) {
                return parseWithYaml(text);
              }
              if (!json || typeof json !== 'object' || Array.isArray(json)) return parseWithYaml(text);
              system.errActions.clear({ source: 'parser' });
              return system.specActions.updateJsonSpec(json);
            };
          },
        },
      },
    },
  };
}
`;

/** For uiConfig.plugins: serialized with toString() into the page. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the function is never called on the server
export const parseJsonDocumentPlugin = new Function('system', `${SOURCE}\nreturn plugin();`) as (
  system: unknown,
) => Record<string, unknown>;
