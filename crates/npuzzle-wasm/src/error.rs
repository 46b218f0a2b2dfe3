//! Errors as JavaScript sees them: an `Error` named `NpuzzleError` whose
//! `kind` says which part of the request was wrong and whose message is the
//! one the command line and the server give.

use wasm_bindgen::JsValue;

/// A refusal, before it becomes a JavaScript error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsError {
    /// `board`, `goal`, `options`, `databases`, `moves`, `refused` or `internal`.
    pub kind: &'static str,
    /// What is wrong, naming the input.
    pub message: String,
}

impl JsError {
    /// An error of `kind`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> JsError {
        JsError {
            kind,
            message: message.into(),
        }
    }

    /// A wrong option (a name, a size).
    pub fn options(e: impl std::fmt::Display) -> JsError {
        JsError::new("options", e.to_string())
    }

    /// The JavaScript error: `new Error(message)` with `name` and `kind` set.
    pub fn into_js(self) -> JsValue {
        let error = js_sys::Error::new(&self.message);
        error.set_name("NpuzzleError");
        let value = JsValue::from(error);
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&value, &JsValue::from_str("kind"), &JsValue::from_str(self.kind));
        value
    }
}

impl From<npuzzle_service::Error> for JsError {
    fn from(e: npuzzle_service::Error) -> JsError {
        use npuzzle_service::Error as E;
        let kind = match &e {
            E::Board(_) => "board",
            E::Goal(_) => "goal",
            E::Options(_) => "options",
            E::Databases(_) => "databases",
            E::Moves(_) => "moves",
            E::Run(_) | E::Encode { .. } => "internal",
            // A format the package leaves out, or too long a GIF: options that do not fit.
            E::NotBuilt(_) | E::TooManyFrames { .. } => "options",
            _ => "refused",
        };
        let message = match e.engine() {
            Some(engine) if kind != "goal" => engine.full_message(),
            _ => e.to_string(),
        };
        JsError::new(kind, message)
    }
}

impl From<npuzzle::Error> for JsError {
    fn from(e: npuzzle::Error) -> JsError {
        JsError::new("internal", e.full_message())
    }
}
