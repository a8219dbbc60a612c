/// The protocol's JSON Schemas (`Specs/schemas/protocol/*.json`), compiled into iamspec so that
/// `--validate-protocol` works wherever the binary runs. A test keeps each text identical to its file.
enum ProtocolSchemas {
    /// Each schema file's name and text.
    static let documents: [String: String] = [
        "case.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/case.json",
          "title": "case (iamspec to engine)",
          "description": "Sets up a fresh run of one case; nothing carries over from an earlier case. Answered by ready, skipped or error.",
          "type": "object",
          "properties": {
            "type": {
              "const": "case"
            },
            "case_id": {
              "type": "string",
              "description": "The case's id, for the engine's own logs."
            },
            "profile": {
              "$ref": "definitions.json#/$defs/profile"
            },
            "config": {
              "$ref": "definitions.json#/$defs/config"
            },
            "messages": {
              "type": "array",
              "items": {
                "$ref": "definitions.json#/$defs/message"
              },
              "description": "What the server delivers at each session start, in delivered order."
            }
          },
          "required": [
            "type",
            "case_id",
            "profile",
            "config",
            "messages"
          ],
          "additionalProperties": false
        }
        """#,
        "definitions.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/definitions.json",
          "title": "Shared definitions of the iamspec stdio protocol",
          "description": "The parts the message schemas share: messages, triggers, filters, property values, stimuli, observations. Not a message itself.",
          "$defs": {
            "message_id": {
              "type": "string",
              "minLength": 1,
              "description": "A message id, unique within the case."
            },
            "milliseconds": {
              "type": "integer",
              "minimum": 0,
              "description": "Virtual time in whole milliseconds."
            },
            "profile": {
              "enum": [
                "braze-swift",
                "appboy-legacy"
              ]
            },
            "capability": {
              "enum": [
                "keyboard",
                "orientation",
                "assets",
                "analytics",
                "stack-inspection",
                "delegate",
                "local-messages",
                "session-sync"
              ]
            },
            "extras": {
              "type": "object",
              "additionalProperties": {
                "type": "string"
              },
              "description": "Key-value pairs that reach the app unchanged."
            },
            "property_value": {
              "description": "An event property's value: a string, an integer, a real (written with a fraction or an exponent), a boolean, or a point in virtual time.",
              "oneOf": [
                {
                  "type": "string"
                },
                {
                  "type": "number"
                },
                {
                  "type": "boolean"
                },
                {
                  "type": "object",
                  "properties": {
                    "time_ms": {
                      "$ref": "definitions.json#/$defs/milliseconds"
                    }
                  },
                  "required": [
                    "time_ms"
                  ],
                  "additionalProperties": false
                }
              ]
            },
            "properties": {
              "type": "object",
              "additionalProperties": {
                "$ref": "definitions.json#/$defs/property_value"
              },
              "description": "Event properties by name."
            },
            "condition": {
              "description": "One condition on one event property.",
              "oneOf": [
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "equals"
                    },
                    "value": {
                      "$ref": "definitions.json#/$defs/property_value"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "not_equals"
                    },
                    "value": {
                      "$ref": "definitions.json#/$defs/property_value"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "greater_than"
                    },
                    "value": {
                      "type": "number"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "less_than"
                    },
                    "value": {
                      "type": "number"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "at_least"
                    },
                    "value": {
                      "type": "number"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "at_most"
                    },
                    "value": {
                      "type": "number"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "matches"
                    },
                    "value": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "does_not_match"
                    },
                    "value": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "value"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "exists"
                    }
                  },
                  "required": [
                    "property",
                    "operator"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "does_not_exist"
                    }
                  },
                  "required": [
                    "property",
                    "operator"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "within_last"
                    },
                    "span_ms": {
                      "$ref": "definitions.json#/$defs/milliseconds"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "span_ms"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "more_than_ago"
                    },
                    "span_ms": {
                      "$ref": "definitions.json#/$defs/milliseconds"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "span_ms"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "less_than_in_future"
                    },
                    "span_ms": {
                      "$ref": "definitions.json#/$defs/milliseconds"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "span_ms"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "property": {
                      "type": "string"
                    },
                    "operator": {
                      "const": "more_than_in_future"
                    },
                    "span_ms": {
                      "$ref": "definitions.json#/$defs/milliseconds"
                    }
                  },
                  "required": [
                    "property",
                    "operator",
                    "span_ms"
                  ],
                  "additionalProperties": false
                }
              ]
            },
            "filters": {
              "description": "An AND of OR-groups: every group must hold, and a group holds when any of its conditions holds.",
              "type": "array",
              "items": {
                "type": "array",
                "items": {
                  "$ref": "definitions.json#/$defs/condition"
                }
              }
            },
            "trigger": {
              "description": "What makes a delivered message eligible to display.",
              "oneOf": [
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "session_start"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "any_purchase"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "purchase"
                    },
                    "product": {
                      "type": "string"
                    },
                    "filters": {
                      "$ref": "definitions.json#/$defs/filters"
                    }
                  },
                  "required": [
                    "kind",
                    "product",
                    "filters"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "custom_event"
                    },
                    "name": {
                      "type": "string"
                    },
                    "filters": {
                      "$ref": "definitions.json#/$defs/filters"
                    }
                  },
                  "required": [
                    "kind",
                    "name",
                    "filters"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "push_click"
                    },
                    "campaign": {
                      "type": [
                        "string",
                        "null"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "campaign"
                  ],
                  "additionalProperties": false
                }
              ]
            },
            "message": {
              "description": "An in-app message: every key is always present.",
              "type": "object",
              "properties": {
                "id": {
                  "$ref": "definitions.json#/$defs/message_id"
                },
                "type": {
                  "enum": [
                    "slideup",
                    "modal",
                    "modal_image",
                    "full",
                    "html"
                  ]
                },
                "priority": {
                  "type": "number",
                  "description": "Higher wins; ties go to the later message in the delivered list."
                },
                "triggers": {
                  "type": "array",
                  "items": {
                    "$ref": "definitions.json#/$defs/trigger"
                  },
                  "description": "Any one makes the message eligible; empty for a local message."
                },
                "orientation": {
                  "enum": [
                    "any",
                    "portrait",
                    "landscape"
                  ]
                },
                "image": {
                  "enum": [
                    "succeeds",
                    "fails",
                    "pending",
                    null
                  ],
                  "description": "The download's outcome when the message is delivered; null when there is none."
                },
                "zip": {
                  "enum": [
                    "succeeds",
                    "fails",
                    "pending",
                    null
                  ],
                  "description": "The download's outcome when the message is delivered; null when there is none."
                },
                "extras": {
                  "$ref": "definitions.json#/$defs/extras"
                },
                "delay_ms": {
                  "$ref": "definitions.json#/$defs/milliseconds"
                },
                "timeout_ms": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "minimum": 0,
                  "description": "The display deadline from trigger time; null means delay_ms + 30000."
                },
                "reeligibility_ms": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "minimum": 0,
                  "description": "How long after a display the message may be triggered again; null means never."
                },
                "test_send": {
                  "type": "boolean"
                }
              },
              "required": [
                "id",
                "type",
                "priority",
                "triggers",
                "orientation",
                "image",
                "zip",
                "extras",
                "delay_ms",
                "timeout_ms",
                "reeligibility_ms",
                "test_send"
              ],
              "additionalProperties": false
            },
            "config": {
              "description": "How the app configured the SDK, and the device, at time 0.",
              "type": "object",
              "properties": {
                "minimum_trigger_interval_ms": {
                  "$ref": "definitions.json#/$defs/milliseconds"
                },
                "device": {
                  "enum": [
                    "phone",
                    "tablet"
                  ]
                },
                "orientation": {
                  "enum": [
                    "portrait",
                    "landscape"
                  ]
                },
                "delegate": {
                  "enum": [
                    "absent",
                    "implemented"
                  ]
                }
              },
              "required": [
                "minimum_trigger_interval_ms",
                "device",
                "orientation",
                "delegate"
              ],
              "additionalProperties": false
            },
            "stimulus": {
              "description": "One stimulus, named as the case format's step.",
              "oneOf": [
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "session_start"
                    },
                    "sync": {
                      "enum": [
                        "complete",
                        "pending"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "sync"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "sync_complete"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "session_end"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "relaunch"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "custom_event"
                    },
                    "name": {
                      "type": "string"
                    },
                    "properties": {
                      "$ref": "definitions.json#/$defs/properties"
                    },
                    "source": {
                      "enum": [
                        "sdk",
                        "api"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "name",
                    "properties",
                    "source"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "purchase"
                    },
                    "product": {
                      "type": "string"
                    },
                    "price": {
                      "type": "number"
                    },
                    "properties": {
                      "$ref": "definitions.json#/$defs/properties"
                    },
                    "source": {
                      "enum": [
                        "sdk",
                        "api"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "product",
                    "price",
                    "properties",
                    "source"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "push_click"
                    },
                    "campaign": {
                      "type": [
                        "string",
                        "null"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "campaign"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "advance"
                    },
                    "by_ms": {
                      "$ref": "definitions.json#/$defs/milliseconds"
                    }
                  },
                  "required": [
                    "kind",
                    "by_ms"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "background"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "foreground"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "orientation"
                    },
                    "orientation": {
                      "enum": [
                        "portrait",
                        "landscape"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "orientation"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "keyboard_shown"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "keyboard_hidden"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "asset_download"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    },
                    "outcome": {
                      "enum": [
                        "succeeds",
                        "fails"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "message",
                    "outcome"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "delegate_choice"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    },
                    "choice": {
                      "enum": [
                        "now",
                        "later",
                        "discard",
                        "rollback"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "message",
                    "choice"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "dismiss"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    }
                  },
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "click"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    }
                  },
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "display_next"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "present_local"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message"
                    }
                  },
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "change_user"
                    },
                    "user": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "kind",
                    "user"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "inspect_stack"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                }
              ]
            },
            "trigger_event": {
              "description": "The event a no-matching-trigger callback fired for.",
              "oneOf": [
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "session_start"
                    }
                  },
                  "required": [
                    "kind"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "custom_event"
                    },
                    "name": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "kind",
                    "name"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "purchase"
                    },
                    "product": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "kind",
                    "product"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "push_click"
                    },
                    "campaign": {
                      "type": [
                        "string",
                        "null"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "campaign"
                  ],
                  "additionalProperties": false
                }
              ]
            },
            "observation": {
              "description": "Something the engine observably did. A displayed observation may leave out extras when there are none.",
              "oneOf": [
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "displayed"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    },
                    "extras": {
                      "$ref": "definitions.json#/$defs/extras"
                    }
                  },
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "stacked"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    },
                    "reason": {
                      "enum": [
                        "background",
                        "message_visible",
                        "delegate_later",
                        "keyboard"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "message",
                    "reason"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "discarded"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    },
                    "reason": {
                      "enum": [
                        "delegate",
                        "asset_failed",
                        "timeout",
                        "orientation",
                        "missing_image"
                      ]
                    }
                  },
                  "required": [
                    "kind",
                    "message",
                    "reason"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "rolled_back"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    }
                  },
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "no_matching_trigger"
                    },
                    "event": {
                      "$ref": "definitions.json#/$defs/trigger_event"
                    }
                  },
                  "required": [
                    "kind",
                    "event"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "impression_logged"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    }
                  },
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "click_logged"
                    },
                    "message": {
                      "$ref": "definitions.json#/$defs/message_id"
                    }
                  },
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "const": "stack"
                    },
                    "messages": {
                      "type": "array",
                      "items": {
                        "$ref": "definitions.json#/$defs/message_id"
                      },
                      "description": "The stack, top first."
                    }
                  },
                  "required": [
                    "kind",
                    "messages"
                  ],
                  "additionalProperties": false
                }
              ]
            }
          }
        }
        """#,
        "end_case.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/end_case.json",
          "title": "end_case (iamspec to engine)",
          "description": "The run of the case is over; the engine forgets it and waits for the next case. Not answered.",
          "type": "object",
          "properties": {
            "type": {
              "const": "end_case"
            }
          },
          "required": [
            "type"
          ],
          "additionalProperties": false
        }
        """#,
        "error.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/error.json",
          "title": "error (engine to iamspec)",
          "description": "The engine cannot answer the request; the case is reported as an error with the message. The engine stays usable.",
          "type": "object",
          "properties": {
            "type": {
              "const": "error"
            },
            "message": {
              "type": "string",
              "minLength": 1
            }
          },
          "required": [
            "type",
            "message"
          ],
          "additionalProperties": false
        }
        """#,
        "hello.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/hello.json",
          "title": "hello (iamspec to engine)",
          "description": "The first line iamspec sends every engine process. Answered by hello_reply (or error).",
          "type": "object",
          "properties": {
            "type": {
              "const": "hello"
            },
            "protocol": {
              "type": "integer",
              "minimum": 1,
              "description": "The protocol version iamspec speaks."
            }
          },
          "required": [
            "type",
            "protocol"
          ],
          "additionalProperties": false
        }
        """#,
        "hello_reply.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/hello_reply.json",
          "title": "hello_reply (engine to iamspec)",
          "description": "The engine's answer to hello: the protocol version it speaks, and what it is and can do.",
          "type": "object",
          "properties": {
            "type": {
              "const": "hello_reply"
            },
            "protocol": {
              "type": "integer",
              "minimum": 1,
              "description": "The protocol version the engine speaks; must equal hello's."
            },
            "name": {
              "type": "string",
              "minLength": 1
            },
            "version": {
              "type": "string"
            },
            "profiles": {
              "type": "array",
              "items": {
                "$ref": "definitions.json#/$defs/profile"
              },
              "uniqueItems": true,
              "description": "The SDK generations whose rules the engine follows."
            },
            "capabilities": {
              "type": "array",
              "items": {
                "$ref": "definitions.json#/$defs/capability"
              },
              "uniqueItems": true,
              "description": "What the engine can do beyond the basics; a case needing another capability is skipped."
            }
          },
          "required": [
            "type",
            "protocol",
            "name",
            "version",
            "profiles",
            "capabilities"
          ],
          "additionalProperties": false
        }
        """#,
        "observations.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/observations.json",
          "title": "observations (engine to iamspec)",
          "description": "What the stimulus caused, in the order it happened; an empty list when nothing observable happened.",
          "type": "object",
          "properties": {
            "type": {
              "const": "observations"
            },
            "observations": {
              "type": "array",
              "items": {
                "$ref": "definitions.json#/$defs/observation"
              }
            }
          },
          "required": [
            "type",
            "observations"
          ],
          "additionalProperties": false
        }
        """#,
        "ready.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/ready.json",
          "title": "ready (engine to iamspec)",
          "description": "The case is set up; stimuli follow.",
          "type": "object",
          "properties": {
            "type": {
              "const": "ready"
            }
          },
          "required": [
            "type"
          ],
          "additionalProperties": false
        }
        """#,
        "shutdown.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/shutdown.json",
          "title": "shutdown (iamspec to engine)",
          "description": "The engine exits now, with status 0. Not answered.",
          "type": "object",
          "properties": {
            "type": {
              "const": "shutdown"
            }
          },
          "required": [
            "type"
          ],
          "additionalProperties": false
        }
        """#,
        "skipped.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/skipped.json",
          "title": "skipped (engine to iamspec)",
          "description": "The engine declines the case; it is reported as skipped with the reason. No end_case follows.",
          "type": "object",
          "properties": {
            "type": {
              "const": "skipped"
            },
            "reason": {
              "type": "string",
              "minLength": 1
            }
          },
          "required": [
            "type",
            "reason"
          ],
          "additionalProperties": false
        }
        """#,
        "stimulus.json": #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://iamspec.dev/schemas/protocol/stimulus.json",
          "title": "stimulus (iamspec to engine)",
          "description": "One stimulus of the running case. Answered by observations (or error).",
          "type": "object",
          "properties": {
            "type": {
              "const": "stimulus"
            },
            "stimulus": {
              "$ref": "definitions.json#/$defs/stimulus"
            }
          },
          "required": [
            "type",
            "stimulus"
          ],
          "additionalProperties": false
        }
        """#,
    ]
}
