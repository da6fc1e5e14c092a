//! What a [`Matches`] reads: a reader ([`Reader`]) or bytes in memory ([`Slice`]). The one
//! iterator is written once over both; these say what differs: where its bytes come from, and
//! whether taking an event can fail.
//!
//! [`Matches`]: super::Matches

use std::io::{self, Read};
use std::marker::PhantomData;

use crate::source::{self, Source};

/// The kind of input a [`Matches`](super::Matches) reads: [`Reader`] or [`Slice`], and no
/// other (the trait is sealed). It says what the iterator gives for each thing it finds:
/// [`Input::Output`].
pub trait Input: sealed::Sealed {
    /// What a [`Matches`](super::Matches) over this input gives for a `T` it finds (an
    /// [`Event`](crate::Event), a [`Match`](crate::Match)): `io::Result<T>` over a
    /// [`Reader`], whose reads may fail; `T` itself over a [`Slice`], which cannot fail.
    type Output<T>;
}

/// A reader `R`, read in bounded memory: the input of an [`Extractor<R>`](super::Extractor)
/// ([`UriFinder::reader`](crate::UriFinder::reader)). A type of the iterator's signature only:
/// no value of it is made.
pub struct Reader<R>(PhantomData<R>);

/// Bytes in memory, read in place without copying them: the input of a
/// [`SliceMatches<'h>`](super::SliceMatches) ([`UriFinder::slice`](crate::UriFinder::slice)).
/// A type of the iterator's signature only: no value of it is made.
pub struct Slice<'h>(PhantomData<&'h [u8]>);

impl<R: Read> Input for Reader<R> {
    type Output<T> = io::Result<T>;
}

impl Input for Slice<'_> {
    type Output<T> = T;
}

pub(crate) mod sealed {
    use super::*;

    /// What the crate needs of an [`Input`]: the source the pipeline reads, and how a step's
    /// result becomes what the iterator gives. A public trait in a private module, so that
    /// nothing outside the crate implements [`Input`].
    pub trait Sealed {
        /// The source the pipeline reads.
        type Source: Source;

        /// `found`, or the error that ended the reading, as the iterator gives it.
        fn output<T>(found: Result<T, <Self::Source as Source>::Error>) -> <Self as Input>::Output<T>
        where
            Self: Input;
    }

    impl<R: Read> Sealed for Reader<R> {
        type Source = source::Reader<R>;

        #[inline(always)]
        fn output<T>(found: Result<T, <Self::Source as Source>::Error>) -> <Self as Input>::Output<T> {
            found
        }
    }

    impl<'h> Sealed for Slice<'h> {
        type Source = source::Slice<'h>;

        #[inline(always)]
        fn output<T>(found: Result<T, <Self::Source as Source>::Error>) -> <Self as Input>::Output<T> {
            let Ok(found) = found;
            found
        }
    }
}
