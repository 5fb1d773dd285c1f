___TERMS_OF_SERVICE___

By creating or modifying this file you agree to Google Tag Manager's Community
Template Gallery Developer Terms of Service available at
https://developers.google.com/tag-manager/gallery-tos (or such other URL as
Google may provide), as modified from time to time.


___INFO___

{
  "type": "TAG",
  "id": "cvt_temp_public_id",
  "version": 1,
  "securityGroups": [],
  "displayName": "SplitLink site tag",
  "categories": ["ANALYTICS", "CONVERSIONS"],
  "brand": {
    "id": "brand_splitlink",
    "displayName": "SplitLink"
  },
  "description": "SplitLink's site tag on every page: keeps each split link's visit, counts conversions where a test's goal says so, fills client_reference_id on Stripe Payment Links and, when switched on in SplitLink, reports each visitor's version as experience_impression and splitlink_exposure.",
  "containerContexts": [
    "WEB"
  ]
}


___TEMPLATE_PARAMETERS___

[
  {
    "type": "TEXT",
    "name": "siteKey",
    "displayName": "Site key",
    "simpleValueType": true,
    "help": "Your workspace's site key: Settings → Site tag in SplitLink, the value of data-site (24 characters, 0-9 and a-f).",
    "valueValidators": [
      {
        "type": "NON_EMPTY"
      },
      {
        "type": "REGEX",
        "args": [
          "^[0-9a-f]{24}$"
        ]
      }
    ]
  }
]


___SANDBOXED_JS_FOR_WEB_TEMPLATE___

// The site tag reads its key from its own address (t.js?site=…), as an injected script has no attributes.
const injectScript = require('injectScript');
const queryPermission = require('queryPermission');
const encodeUriComponent = require('encodeUriComponent');

const url = 'https://splitlink.app/t.js?site=' + encodeUriComponent(data.siteKey);

if (queryPermission('inject_script', url)) {
  injectScript(url, data.gtmOnSuccess, data.gtmOnFailure, 'splitlink-site-tag');
} else {
  data.gtmOnFailure();
}


___WEB_PERMISSIONS___

[
  {
    "instance": {
      "key": {
        "publicId": "inject_script",
        "versionId": "1"
      },
      "param": [
        {
          "key": "urls",
          "value": {
            "type": 2,
            "listItem": [
              {
                "type": 1,
                "string": "https://splitlink.app/t.js*"
              }
            ]
          }
        }
      ]
    },
    "clientAnnotations": {
      "isEditedByUser": true
    },
    "isRequired": true
  }
]


___TESTS___

scenarios:
- name: Injects the site tag with the site key
  code: |-
    const mockData = { siteKey: '0123456789abcdef01234567' };
    let injected;
    mock('injectScript', (url, onSuccess) => {
      injected = url;
      onSuccess();
    });
    runCode(mockData);
    assertThat(injected).isEqualTo('https://splitlink.app/t.js?site=0123456789abcdef01234567');
    assertApi('gtmOnSuccess').wasCalled();


___NOTES___

SplitLink (https://splitlink.app). Self-hosted: replace https://splitlink.app in the code and in the
inject_script permission with your deployment's origin.
