//! The rolling buffer over a reader (`bytes::BytesMut`), with absolute offsets.
