//! Errors as HTTP answers: a status and an `error` record whose message is
//! the one the command line prints for the same input.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use npuzzle::error::{DatabaseError, InternalError, Refusal};
use npuzzle::record::{ErrorRecord, Record};
use npuzzle::Error;

/// A request the server will not answer with a result.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    /// The board text the message is about, if any.
    input: String,
}

impl ApiError {
    /// 400: the request is wrong; `message` says how.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            input: String::new(),
        }
    }

    /// Any status with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            input: String::new(),
        }
    }

    /// This error, about the board written `input`.
    pub fn about(mut self, input: &str) -> ApiError {
        self.input = input.to_string();
        self
    }

    /// 503: every worker busy and the queue full.
    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: every search worker is taken and the queue is full; try again in a second",
        )
    }

    /// The message.
    #[cfg(test)]
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// Bad input named by the library (tile twice, wrong count, shapes differ…)
/// is the client's mistake; a broken database file is the server's.
impl From<Error> for ApiError {
    fn from(e: Error) -> ApiError {
        let status = match e {
            // The server's databases missing or unreadable, or a bug.
            Error::Internal(InternalError::ReplayMismatch { .. })
            | Error::Database(
                DatabaseError::Io { .. }
                | DatabaseError::Missing { .. }
                | DatabaseError::Unusable { .. }
                | DatabaseError::MultiTileUnusable { .. }
                | DatabaseError::Magic { .. }
                | DatabaseError::Version { .. }
                | DatabaseError::Mismatch { .. }
                | DatabaseError::Truncated { .. }
                | DatabaseError::Checksum { .. }
                | DatabaseError::Corrupt { .. },
            ) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        };
        let advice = match e {
            _ if e.auto_would_answer() => "; leave out \"algorithm\"",
            Error::Refused(Refusal::NoExactHint { .. }) => "; POST it to /api/solve with \"algorithm\": \"greedy\"",
            Error::Refused(Refusal::NoExactCount { .. }) => "; leave out \"count\"",
            _ => "",
        };
        ApiError::new(status, format!("{}{advice}", e.full_message()))
    }
}

impl From<crate::pool::Busy> for ApiError {
    fn from(_: crate::pool::Busy) -> ApiError {
        ApiError::busy()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // One request carries one board: it is "line" 1 of its input.
        let record = Record::Error(ErrorRecord::new(1, self.input, self.message));
        let mut response = (self.status, axum::Json(record)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// The service's refusals: the engine's error as above; a goal that cannot
/// be read says so.
impl From<npuzzle_service::Error> for ApiError {
    fn from(e: npuzzle_service::Error) -> ApiError {
        use npuzzle_service::Error as S;
        match e {
            S::Goal(e) => ApiError::bad_request(format!("reading the goal: {e}")),
            S::Board(e) | S::Databases(e) | S::Refused(e) | S::Run(e) => ApiError::from(e),
            S::Options(message) => ApiError::bad_request(message),
            encode @ S::Encode { .. } => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, encode.to_string()),
            other => ApiError::bad_request(other.to_string()),
        }
    }
}
